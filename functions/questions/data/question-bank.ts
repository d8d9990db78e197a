import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { bankQuestionSchema, type BankQuestion } from '#shared/quiz/question.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import * as keys from '../../data/table-keys.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import { tryTransactWrite } from '../../data/transact.ts';
import { putItems } from '../../data/batch-write.ts';

/**
 * The question bank: one partition per subject and level, questions keyed by a stable
 * index, and an index item (META) listing the source ids in index order, the public id of
 * each index and the indexes per topic. Rounds are drawn by index, so the answer key
 * never leaves the server.
 *
 * Source ids (`geo-beg-flag-pol`) are readable and stable across reseeds, and so say what
 * the question is about; players only ever see the public id, drawn at random once per
 * index and kept in META, which names nothing and cannot be derived from the repository.
 */
export interface BankMeta {
  ids: string[];
  publicIds: string[];
  topics: Record<string, number[]>;
}

/** A fresh public question id: random, so it cannot be mapped back to a question offline. */
export const newPublicQuestionId = (): string => `q-${randomBytes(8).toString('hex')}`;

const META_TTL_MS = 5 * 60_000;
const metaCache = new Map<string, { at: number; meta: BankMeta | undefined }>();

/** The index item, cached for a few minutes per container (it changes only on reseed). */
export async function getBankMeta(subject: Subject, level: Level): Promise<BankMeta | undefined> {
  const cacheKey = `${subject}#${level}`;
  const cached = metaCache.get(cacheKey);
  if (cached && Date.now() - cached.at < META_TTL_MS) return cached.meta;
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.bankMeta(subject, level) }));
  const meta = Item ? { ids: Item.ids as string[], publicIds: (Item.publicIds as string[] | undefined) ?? [], topics: Item.topics as Record<string, number[]> } : undefined;
  metaCache.set(cacheKey, { at: Date.now(), meta });
  return meta;
}

/** Where a public question id lives (from the cached index items), or undefined when no bank has it. */
export async function locateQuestion(publicId: string): Promise<{ subject: Subject; level: Level; index: number } | undefined> {
  const banks = SUBJECTS.flatMap((subject) => LEVELS.map((level) => ({ subject, level })));
  const metas = await Promise.all(banks.map(({ subject, level }) => getBankMeta(subject, level)));
  for (const [i, meta] of metas.entries()) {
    const index = meta?.publicIds.indexOf(publicId) ?? -1;
    // A retired slot keeps its public id but is in no topic: not a question any more.
    if (meta && index >= 0 && Object.values(meta.topics).some((indexes) => indexes.includes(index))) return { ...banks[i]!, index };
  }
  return undefined;
}

export type IndexedQuestion = BankQuestion & { index: number };

/** Reads questions by index with one BatchGet (up to 100 keys), retrying what DynamoDB leaves unprocessed. */
export async function getQuestions(subject: Subject, level: Level, indexes: readonly number[]): Promise<IndexedQuestion[]> {
  if (indexes.length === 0) return [];
  const items = await batchGetItems(indexes.map((i) => keys.bankQuestion(subject, level, i)));
  const found: IndexedQuestion[] = items.map((item) => ({ ...bankQuestionSchema.parse(item), index: Number(item.index) }));
  const order = new Map(indexes.map((index, position) => [index, position]));
  return found.sort((a, b) => order.get(a.index)! - order.get(b.index)!);
}

/**
 * Writes a bank. Existing source ids keep their index (so users' seen sets stay right) and
 * their public id (so bookmarks do); new ids are appended with a new public id; ids no
 * longer present keep their slot but leave every topic list.
 */
export async function writeBank(subject: Subject, level: Level, questions: readonly BankQuestion[]): Promise<BankMeta> {
  const table = env().TABLE_NAME;
  const { Item } = await documentClient().send(new GetCommand({ TableName: table, Key: keys.bankMeta(subject, level), ConsistentRead: true }));
  const ids: string[] = [...((Item?.ids as string[] | undefined) ?? [])];
  const position = new Map(ids.map((id, i) => [id, i]));
  for (const question of questions) {
    if (!position.has(question.id)) {
      position.set(question.id, ids.length);
      ids.push(question.id);
    }
  }
  // A bank written before public ids existed gets them now, once.
  const publicIds: string[] = [...((Item?.publicIds as string[] | undefined) ?? [])];
  for (let i = 0; i < ids.length; i++) publicIds[i] ??= newPublicQuestionId();

  const topics: Record<string, number[]> = {};
  // Questions an admin approved into the bank (functions/generation/, source ids `ai-…`) are not in
  // the shipped files: a reseed keeps them in their topics.
  const inThisWrite = new Set(questions.map((q) => q.id));
  for (const [topic, indexes] of Object.entries((Item?.topics as Record<string, number[]> | undefined) ?? {})) {
    const kept = indexes.filter((i) => isApprovedSourceId(ids[i]) && !inThisWrite.has(ids[i]!));
    if (kept.length) topics[topic] = kept;
  }
  const items = questions.map((question) => {
    const index = position.get(question.id)!;
    (topics[question.topic] ??= []).push(index);
    return { ...keys.bankQuestion(subject, level, index), type: 'question', index, ...bankQuestionSchema.parse(question), id: publicIds[index]!, source_id: question.id };
  });
  await putItems(items);
  const meta = { ids, publicIds, topics };
  await documentClient().send(new PutCommand({ TableName: table, Item: { ...keys.bankMeta(subject, level), type: 'bank-meta', ...meta } }));
  metaCache.delete(`${subject}#${level}`);
  return meta;
}

/** Source ids of questions approved from the admin's review queue (functions/generation/). */
export const APPROVED_SOURCE_PREFIX = 'ai-';
const isApprovedSourceId = (id: string | undefined): boolean => id?.startsWith(APPROVED_SOURCE_PREFIX) ?? false;

/**
 * Adds one question to its bank at the next index, in one transaction with the index item
 * (conditional on the bank not having grown meanwhile, retried when it has), so rounds can
 * draw it at once. Adding the same source id again returns where it already is.
 */
/** The extra write of an append (the review queue's item) refused its condition: nothing was written. */
export class AppendRefused extends Error {}

/**
 * `withItem`, when given, is written in the same transaction (a reviewed queue item: approval
 * and the bank change together or not at all); its condition failing throws AppendRefused.
 */
export async function appendToBank(question: BankQuestion, withItem?: (publicId: string) => Record<string, unknown>): Promise<{ publicId: string; index: number }> {
  const table = env().TABLE_NAME;
  const parsed = bankQuestionSchema.parse(question);
  for (let attempt = 0; attempt < 8; attempt++) {
    const { Item } = await documentClient().send(new GetCommand({ TableName: table, Key: keys.bankMeta(parsed.subject, parsed.level), ConsistentRead: true }));
    if (!Item) {
      // A bank never seeded: written whole (one question), then the extra item on its own.
      const meta = await writeBank(parsed.subject, parsed.level, [parsed]);
      await writeAlone(withItem?.(meta.publicIds[0]!));
      return { publicId: meta.publicIds[0]!, index: 0 };
    }
    const ids = (Item.ids as string[] | undefined) ?? [];
    const existing = ids.indexOf(parsed.id);
    if (existing >= 0) {
      const publicId = (Item.publicIds as string[])[existing]!;
      await writeAlone(withItem?.(publicId));
      return { publicId, index: existing };
    }
    const index = ids.length;
    const publicId = newPublicQuestionId();
    const cancelled = await tryTransactWrite([
      {
        Put: {
          TableName: table,
          Item: { ...keys.bankQuestion(parsed.subject, parsed.level, index), type: 'question', index, ...parsed, id: publicId, source_id: parsed.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: table,
          Key: keys.bankMeta(parsed.subject, parsed.level),
          UpdateExpression: 'SET #ids = list_append(#ids, :id), #pub = list_append(if_not_exists(#pub, :empty), :pid), #topics.#topic = list_append(if_not_exists(#topics.#topic, :empty), :index)',
          ConditionExpression: 'size(#ids) = :length',
          ExpressionAttributeNames: { '#ids': 'ids', '#pub': 'publicIds', '#topics': 'topics', '#topic': parsed.topic },
          ExpressionAttributeValues: { ':id': [parsed.id], ':pid': [publicId], ':index': [index], ':empty': [], ':length': index },
        },
      },
      ...(withItem ? [withItem(publicId)] : []),
    ] as never);
    if (!cancelled) {
      metaCache.delete(`${parsed.subject}#${parsed.level}`);
      return { publicId, index };
    }
    if (withItem && cancelled.codes[2] === 'ConditionalCheckFailed') throw new AppendRefused('The extra item refused its condition');
    await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
  }
  throw new Error('The question bank kept changing: try again');
}

/** The extra item of an append whose question was already in the bank: written alone, with its condition. */
async function writeAlone(item: Record<string, unknown> | undefined): Promise<void> {
  if (!item) return;
  if (await tryTransactWrite([item] as never)) throw new AppendRefused('The extra item refused its condition');
}
