import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { explanationSchema, type Explanation, type VideoCounts } from '#shared/explanations/explanations.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import * as keys from '../../data/table-keys.ts';
import { batchGetItems } from '../../data/batch-get.ts';

/**
 * The explanation cache (docs/ai.md): one item per question version
 * and answer chosen, shared by every account (an explanation says nothing about who asked),
 * with the video's real counters on the same item: views (viewers), likes, rating sum and count.
 */

export interface CacheKey {
  readonly questionId: string;
  readonly version: string;
  readonly slot: string;
}

export async function getCachedExplanation(key: CacheKey): Promise<Explanation | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.explanation(key.questionId, key.version, key.slot), ProjectionExpression: 'explanation' }));
  return Item ? explanationSchema.parse(Item.explanation) : undefined;
}

/**
 * Keeps the first explanation written for a key (a concurrent request may have written one a
 * moment before): returns what is stored afterwards.
 */
export async function cacheExplanation(key: CacheKey, explanation: Explanation, question: { subject: string; level: string; chosenAnswer: string | null }): Promise<Explanation> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: {
          ...keys.explanation(key.questionId, key.version, key.slot),
          type: 'explanation',
          question_id: key.questionId,
          incorrect_answer_chosen: question.chosenAnswer,
          subject: question.subject,
          level: question.level,
          generated_at: explanation.generatedAt,
          explanation,
          views: 0,
          likes: 0,
          rating_sum: 0,
          rating_count: 0,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return explanation;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await getCachedExplanation(key)) ?? explanation;
  }
}

const ZERO: VideoCounts = { views: 0, likes: 0, ratingSum: 0, ratingCount: 0 };
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The counters of many videos: BatchGets of 100 keys, projected to the four numbers. */
export async function getVideoCounts(list: readonly CacheKey[]): Promise<Map<string, VideoCounts>> {
  const out = new Map<string, VideoCounts>();
  const unique = [...new Map(list.map((k) => [`${k.questionId}~${k.version}~${k.slot}`, k])).values()];
  const items = await batchGetItems(
    unique.map((k) => keys.explanation(k.questionId, k.version, k.slot)),
    { projection: 'pk, sk, #views, likes, rating_sum, rating_count', names: { '#views': 'views' } },
  );
  for (const item of items) {
    out.set(videoIdOfItem(item), { views: num(item.views), likes: num(item.likes), ratingSum: num(item.rating_sum), ratingCount: num(item.rating_count) });
  }
  return out;
}

export const countsOr = (counts: Map<string, VideoCounts>, videoId: string): VideoCounts => counts.get(videoId) ?? ZERO;

/** `EXPL#<question>` / `V#<version>#<slot>` → `<question>~<version>~<slot>`. */
function videoIdOfItem(item: Record<string, unknown>): string {
  const questionId = String(item.pk).slice('EXPL#'.length);
  const [, version, slot] = String(item.sk).split('#');
  return `${questionId}~${version}~${slot}`;
}
