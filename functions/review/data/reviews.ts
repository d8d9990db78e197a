import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import { NEW_CARD, REVIEW_LIMITS, type Schedule } from '#shared/review/review.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { getQuestions, locateQuestion, type IndexedQuestion } from '../../questions/data/question-bank.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPages } from '../../data/paging.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import type { TransactItems } from '../../data/transact.ts';

/**
 * Review mode and spaced repetition (docs/learning.md): the notes live on the bookmark
 * item (functions/quiz/data/bookmarks.ts keeps the bookmarks and their count); a card is one
 * item per question in the user's partition, indexed by its next review so that the due
 * cards are one bounded query. Both go with the account (the user's own partition).
 */
export interface QuestionRef {
  id: string;
  subject: Subject;
  level: Level;
}

export interface StoredBookmark extends QuestionRef {
  notes: string;
  createdAt: string;
}

export interface StoredCard extends QuestionRef, Schedule {
  nextReview: string;
  reviewCount: number;
  lastReviewed: string | null;
}

/** A user's bookmarks, all pages (a free user keeps 20; premium ones are read whole). */
export async function listBookmarks(userId: string): Promise<StoredBookmark[]> {
  const found: StoredBookmark[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.bookmarkCount(userId).pk, ':prefix': 'BOOKMARK#' },
    ConsistentRead: true,
  })) {
    for (const item of page.Items ?? []) {
      found.push({
        id: String(item.question_id),
        subject: item.subject as Subject,
        level: item.level as Level,
        notes: typeof item.notes === 'string' ? item.notes : '',
        createdAt: String(item.created_at ?? ''),
      });
    }
  }
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Sets the notes of a bookmark; false when the question is not bookmarked (nothing is created). */
export async function saveNotes(userId: string, questionId: string, notes: string, now: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.bookmark(userId, questionId),
        UpdateExpression: 'SET notes = :notes, notes_updated_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':notes': notes, ':at': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Which of these questions the user has bookmarked: BatchGets of the bookmark items (100 keys each). */
export async function bookmarkedAmong(userId: string, questionIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(questionIds)];
  const items = await batchGetItems(unique.map((id) => keys.bookmark(userId, id)), { projection: 'question_id' });
  return items.map((item) => String(item.question_id));
}

/**
 * The write that adds a card (due now, the initial schedule) for a question that has none:
 * every attribute is set only if absent, so a question that already has a card keeps its
 * schedule, and the write can go in a transaction (no condition to fail and cancel it).
 */
export function newCardWrite(userId: string, question: QuestionRef, now: Date): NonNullable<TransactItems[number]['Update']> {
  const at = now.toISOString();
  const { pk, sk } = keys.reviewCard(userId, question.id);
  const fields: Record<string, unknown> = {
    ...keys.reviewCardDue(userId, at, question.id),
    type: 'review-card',
    user_id: userId,
    question_id: question.id,
    subject: question.subject,
    level: question.level,
    repetitions: NEW_CARD.repetitions,
    interval_days: NEW_CARD.intervalDays,
    ease: NEW_CARD.ease,
    review_count: 0,
    next_review: at,
    last_reviewed: null,
    created_at: at,
  };
  const names = Object.keys(fields);
  return {
    TableName: env().TABLE_NAME,
    Key: { pk, sk },
    UpdateExpression: `SET ${names.map((_, i) => `#f${i} = if_not_exists(#f${i}, :v${i})`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]])),
  };
}

/** A card for each question that has none (newCardWrite); safe to repeat. */
export async function ensureCards(userId: string, questions: readonly QuestionRef[], now: Date): Promise<void> {
  const unique = [...new Map(questions.map((q) => [q.id, q])).values()];
  await Promise.all(unique.map((question) => documentClient().send(new UpdateCommand(newCardWrite(userId, question, now)))));
}

function toCard(item: Record<string, unknown>): StoredCard {
  return {
    id: String(item.question_id),
    subject: item.subject as Subject,
    level: item.level as Level,
    repetitions: Number(item.repetitions),
    intervalDays: Number(item.interval_days),
    ease: Number(item.ease),
    nextReview: String(item.next_review),
    reviewCount: Number(item.review_count),
    lastReviewed: typeof item.last_reviewed === 'string' ? item.last_reviewed : null,
  };
}

/** The cards due by `now`, oldest due first: one query on the due index, at most 20. */
export async function dueCards(userId: string, now: Date, limit: number = REVIEW_LIMITS.dueCardsPerLoad): Promise<StoredCard[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :until',
      ExpressionAttributeValues: { ':pk': keys.reviewCardDue(userId, '', '').gsi1pk, ':until': `${now.toISOString()}#\uffff` },
      ScanIndexForward: true,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toCard);
}

export async function getCard(userId: string, questionId: string): Promise<StoredCard | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.reviewCard(userId, questionId), ConsistentRead: true }));
  return Item ? toCard(Item) : undefined;
}

/**
 * Saves a rating's schedule, on the condition that the card is as it was read (a second
 * rating of the same showing, e.g. a double click, is refused: false).
 */
export async function saveSchedule(userId: string, card: StoredCard, schedule: Schedule, nextReview: string, now: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.reviewCard(userId, card.id),
        UpdateExpression: 'SET repetitions = :repetitions, interval_days = :interval, ease = :ease, next_review = :next, last_reviewed = :at, gsi1sk = :due, review_count = review_count + :one',
        ConditionExpression: 'attribute_exists(pk) AND review_count = :count',
        ExpressionAttributeValues: {
          ':repetitions': schedule.repetitions,
          ':interval': schedule.intervalDays,
          ':ease': schedule.ease,
          ':next': nextReview,
          ':at': now.toISOString(),
          ':due': keys.reviewCardDue(userId, nextReview, card.id).gsi1sk,
          ':one': 1,
          ':count': card.reviewCount,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The bank questions behind these ids (where each is now), by id; retired ones are left out. */
export async function questionsByIds(ids: readonly string[]): Promise<Map<string, IndexedQuestion & { level: Level }>> {
  const located = await Promise.all(ids.map(async (id) => ({ id, where: await locateQuestion(id) })));
  const banks = new Map<string, { subject: Subject; level: Level; indexes: number[] }>();
  for (const { where } of located) {
    if (!where) continue;
    const bank = banks.get(`${where.subject}#${where.level}`) ?? { subject: where.subject, level: where.level, indexes: [] };
    bank.indexes.push(where.index);
    banks.set(`${where.subject}#${where.level}`, bank);
  }
  const found = new Map<string, IndexedQuestion & { level: Level }>();
  for (const bank of banks.values()) {
    for (let i = 0; i < bank.indexes.length; i += 100) {
      for (const question of await getQuestions(bank.subject, bank.level, bank.indexes.slice(i, i + 100))) found.set(question.id, { ...question, level: bank.level });
    }
  }
  return found;
}
