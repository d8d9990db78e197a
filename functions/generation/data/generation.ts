import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  factCheckResultSchema,
  generatedGuideSchema,
  generatedQuestionSchema,
  type FactCheckResult,
  type GeneratedGuide,
  type GeneratedQuestion,
  type GeneratedStatus,
} from '#shared/generation/generation.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { kbKeys, type StoredDocument } from '../../knowledge/data/knowledge.ts';
import * as keys from '../../data/table-keys.ts';
import { putItems } from '../../data/batch-write.ts';

/**
 * The admin's generation data: the review queue of generated questions (nothing draws them
 * until an admin approves one into the bank), generated study guides (listed in /study) and
 * the latest fact check of a guide.
 */

const QUEUE_PAGE = 100;

const strip = <T extends Record<string, unknown>>(item: T): Record<string, unknown> => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _type, ...rest } = item;
  return rest;
};

/** Stores generated questions as pending (batch puts of 25). */
export async function putGeneratedQuestions(questions: readonly GeneratedQuestion[]): Promise<void> {
  await putItems(questions.map((q) => ({ ...keys.generatedQuestion(q.id), ...keys.generatedQuestionByStatus(q.status, q.created_at, q.id), type: 'generated-question', ...q })));
}

export async function getGeneratedQuestion(id: string): Promise<GeneratedQuestion | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.generatedQuestion(id), ConsistentRead: true }));
  return Item ? generatedQuestionSchema.parse(strip(Item)) : undefined;
}

/** One status of the queue, newest first (one query on gsi1). */
export async function listGeneratedQuestions(status: GeneratedStatus, limit = QUEUE_PAGE): Promise<GeneratedQuestion[]> {
  return (await newestOnGsi1(keys.generatedQuestionByStatus(status, '', '').gsi1pk, limit)).map((item) => generatedQuestionSchema.parse(strip(item)));
}

/** The newest `limit` items of one gsi1 partition (a review status of questions or guides). */
async function newestOnGsi1(gsi1pk: string, limit: number): Promise<Record<string, unknown>[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items ?? [];
}

/** The condition of every review write: only a pending item moves, so of two concurrent reviews exactly one lands. */
const ONLY_WHILE_PENDING = {
  ConditionExpression: '#status = :pending',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':pending': 'pending' },
} as const;

/** A question as reviewed, and its item under the new status. */
function reviewedQuestion(question: GeneratedQuestion, status: Exclude<GeneratedStatus, 'pending'>, by: string, at: Date, bankQuestionId: string | null) {
  const reviewed: GeneratedQuestion = { ...question, status, reviewed_at: at.toISOString(), reviewed_by: by, bank_question_id: bankQuestionId };
  const item = { ...keys.generatedQuestion(question.id), ...keys.generatedQuestionByStatus(status, question.created_at, question.id), type: 'generated-question', ...reviewed };
  return { reviewed, item };
}

/**
 * The transaction item that stores a pending question as approved (only while it is still
 * pending), written with the bank change by appendToBank.
 */
export function approvedItem(question: GeneratedQuestion, by: string, at: Date, bankQuestionId: string): { item: Record<string, unknown>; reviewed: GeneratedQuestion } {
  const { reviewed, item } = reviewedQuestion(question, 'approved', by, at, bankQuestionId);
  return { reviewed, item: { Put: { TableName: env().TABLE_NAME, Item: item, ...ONLY_WHILE_PENDING } } };
}

/**
 * Moves a pending question to approved or rejected with the reviewer's final version; only
 * a pending one moves (a second review of the same question is refused). Returns the stored
 * question, or null when it was no longer pending.
 */
export async function markReviewed(question: GeneratedQuestion, status: Exclude<GeneratedStatus, 'pending'>, by: string, at: Date, bankQuestionId: string | null): Promise<GeneratedQuestion | null> {
  const { reviewed, item } = reviewedQuestion(question, status, by, at, bankQuestionId);
  return (await putIfStillPending(item)) ? reviewed : null;
}

/** Replaces a generated item only while it is pending (false when another review got there first). */
async function putIfStillPending(item: Record<string, unknown>): Promise<boolean> {
  try {
    await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: item, ...ONLY_WHILE_PENDING }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A guide's item: listed in /study (gsi2) only once approved (or from before the queue); every reviewed status on gsi1. */
function guideItem(guide: GeneratedGuide): Record<string, unknown> {
  const status = guide.status ?? 'approved';
  return {
    ...keys.generatedGuide(guide.id),
    ...(guide.status ? keys.generatedGuideByStatus(status, guide.created_at, guide.id) : {}),
    ...(status === 'approved' ? keys.generatedGuideListed(guide.created_at, guide.id) : {}),
    type: 'generated-guide',
    ...generatedGuideSchema.parse(guide),
  };
}

export async function putGeneratedGuide(guide: GeneratedGuide): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: guideItem(guide), ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** One review status of the generated guides, newest first (one query on gsi1). */
export async function listGuidesByStatus(status: GeneratedStatus, limit = QUEUE_PAGE): Promise<GeneratedGuide[]> {
  return (await newestOnGsi1(keys.generatedGuideByStatus(status, '', '').gsi1pk, limit)).map((item) => generatedGuideSchema.parse(strip(item)));
}

/**
 * Moves a pending guide to approved (listed in /study, with the reviewer's edits) or rejected,
 * only while it is pending: of two concurrent reviews exactly one lands. Null when it was not.
 */
export async function markGuideReviewed(guide: GeneratedGuide, status: Exclude<GeneratedStatus, 'pending'>, by: string, at: Date): Promise<GeneratedGuide | null> {
  const reviewed: GeneratedGuide = { ...guide, status, reviewed_at: at.toISOString(), reviewed_by: by };
  return (await putIfStillPending(guideItem(reviewed))) ? reviewed : null;
}

export async function getGeneratedGuide(id: string, consistent = false): Promise<GeneratedGuide | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.generatedGuide(id), ConsistentRead: consistent }));
  return Item ? generatedGuideSchema.parse(strip(Item)) : undefined;
}

/** The generated guides, newest first (one query on gsi2; at most `limit`). */
export async function listGeneratedGuides(limit = 200): Promise<GeneratedGuide[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': 'GUIDES' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).flatMap((item) => {
    const parsed = generatedGuideSchema.safeParse(strip(item));
    return parsed.success ? [parsed.data] : [];
  });
}

/** Keeps the latest fact check of a guide; a generated guide is marked fact_checked. */
export async function saveFactCheck(result: FactCheckResult, generated: boolean): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: { ...keys.guideFactCheck(result.guideId), type: 'guide-fact-check', ...factCheckResultSchema.parse(result) } }));
  if (generated) {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.generatedGuide(result.guideId),
        UpdateExpression: 'SET #metadata.#checked = :true',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#metadata': 'metadata', '#checked': 'fact_checked' },
        ExpressionAttributeValues: { ':true': true },
      }),
    );
  }
}

export async function getFactCheck(guideId: string): Promise<FactCheckResult | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.guideFactCheck(guideId) }));
  return Item ? factCheckResultSchema.parse(strip(Item)) : undefined;
}

/** An admin's document of the knowledge base (functions/knowledge/data/knowledge.ts), as stored. */
export async function getKnowledgeDocument(id: string): Promise<StoredDocument | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: kbKeys.document(id) }));
  return Item ? (strip(Item) as unknown as StoredDocument) : undefined;
}
