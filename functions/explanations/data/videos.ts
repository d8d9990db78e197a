import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { LIBRARY_MAX, parseVideoId, videoItemSchema, type VideoRecord } from '#shared/explanations/explanations.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { countedWrite, countStoredItems } from '../../data/counted-writes.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix } from '../../data/user-rows.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/**
 * A student's video library: `USER#<id>/VIDEO#<video id>`, the explanation and the question as
 * added (rounds expire, the library stays), and the student's own marks. Watching and liking
 * move the shared counters on the explanation item in the same transaction, so a count is
 * always the number of accounts that did it.
 */

/**
 * A stored video: the shared item's own fields (one list, videoItemSchema) plus the student's
 * marks as stored. The id stays a plain string here, as it was written; the route checks its shape.
 */
const recordSchema = videoItemSchema
  .pick({ question: true, subject: true, level: true, topic: true, correctAnswer: true, chosenAnswer: true, imageUrl: true, imageCaption: true, explanation: true, addedAt: true })
  .extend({
    id: z.string(),
    watched_at: z.string().optional(),
    liked: z.boolean().default(false),
    saved: z.boolean().default(false),
    rating: videoItemSchema.shape.myRating.unwrap().optional(),
  });

function toRecord(item: Record<string, unknown>): VideoRecord {
  const r = recordSchema.parse(item);
  return {
    id: r.id,
    question: r.question,
    subject: r.subject,
    level: r.level,
    topic: r.topic,
    correctAnswer: r.correctAnswer,
    chosenAnswer: r.chosenAnswer,
    imageUrl: r.imageUrl,
    imageCaption: r.imageCaption,
    explanation: r.explanation,
    addedAt: r.addedAt,
    watched: r.watched_at !== undefined,
    liked: r.liked,
    saved: r.saved,
    myRating: r.rating ?? null,
  };
}

export type NewVideo = Omit<VideoRecord, 'watched' | 'liked' | 'saved' | 'myRating'>;

/** The account's library (one query of its partition, at most LIBRARY_MAX items). */
export async function listVideos(userId: string): Promise<VideoRecord[]> {
  return (await queryPrefix(userId, 'VIDEO#', { limit: LIBRARY_MAX })).map(toRecord);
}

export async function getVideo(userId: string, videoId: string): Promise<VideoRecord | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.video(userId, videoId), ConsistentRead: true }));
  return Item ? toRecord(Item) : undefined;
}

/**
 * Adds a video once: 'added', 'exists' (already in the library, unchanged), 'full' or 'busy'.
 * The video and the library's count item move in one transaction conditional on the count
 * being under 200, so simultaneous adds cannot pass it (a count-then-put let 20 at once make 215).
 */
export async function addVideo(userId: string, video: NewVideo): Promise<'added' | 'exists' | 'full' | 'busy'> {
  if (await getVideo(userId, video.id)) return 'exists';
  const outcome = await countedWrite({
    countKey: keys.videoCount(userId),
    change: 1,
    max: LIBRARY_MAX,
    items: [
      {
        Put: {
          TableName: env().TABLE_NAME,
          Item: { ...video, type: 'video', user_id: userId, liked: false, saved: false, ...keys.video(userId, video.id) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    countStored: () => countStoredItems(`USER#${userId}`, 'VIDEO#'),
  });
  return outcome === 'done' ? 'added' : outcome === 'stale' ? 'exists' : outcome === 'limit' ? 'full' : 'busy';
}

function statsKey(videoId: string) {
  const parsed = parseVideoId(videoId);
  if (!parsed) throw new Error(`Not a video id: ${videoId}`);
  return keys.explanation(parsed.questionId, parsed.version, parsed.slot);
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)));

export type MarkOutcome = 'done' | 'missing' | 'busy';

/**
 * A mark and its shared counter in one transaction, conditional on the mark changing. A mark
 * already in that state is done (a double click counts once); another transaction on the same
 * items (a conflict) is retried with random pauses, and one that keeps conflicting is 'busy'
 * (409), so a click is never answered 200 without being applied.
 */
async function changeMark(userId: string, videoId: string, transactItems: () => NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>): Promise<MarkOutcome> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const cancelled = await tryTransactWrite(transactItems());
    if (!cancelled) return 'done';
    if (cancelled.codes[0] === 'ConditionalCheckFailed') return (await getVideo(userId, videoId)) ? 'done' : 'missing';
    await pause(attempt);
  }
  return 'busy';
}

/** The first watch of this account counts one viewer; 'missing' when the video is not in its library. */
export function markWatched(userId: string, videoId: string, now: Date): Promise<MarkOutcome> {
  return changeMark(userId, videoId, () => [
    {
      Update: {
        TableName: env().TABLE_NAME,
        Key: keys.video(userId, videoId),
        UpdateExpression: 'SET watched_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(watched_at)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      },
    },
    { Update: { TableName: env().TABLE_NAME, Key: statsKey(videoId), UpdateExpression: 'ADD #views :one', ExpressionAttributeNames: { '#views': 'views' }, ExpressionAttributeValues: { ':one': 1 } } },
  ]);
}

/** Like or unlike: the counter moves only when the mark changes. 'missing' when the video is not in the library. */
export function setLiked(userId: string, videoId: string, liked: boolean): Promise<MarkOutcome> {
  return changeMark(userId, videoId, () => [
    {
      Update: {
        TableName: env().TABLE_NAME,
        Key: keys.video(userId, videoId),
        UpdateExpression: 'SET liked = :liked',
        ConditionExpression: 'attribute_exists(pk) AND liked <> :liked',
        ExpressionAttributeValues: { ':liked': liked },
      },
    },
    { Update: { TableName: env().TABLE_NAME, Key: statsKey(videoId), UpdateExpression: 'ADD likes :delta', ExpressionAttributeValues: { ':delta': liked ? 1 : -1 } } },
  ]);
}

export async function setSaved(userId: string, videoId: string, saved: boolean): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.video(userId, videoId),
        UpdateExpression: 'SET saved = :saved',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':saved': saved },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Rates 1–5 (a new rating replaces this account's previous one); conditional on the rating read,
 * retried with a random pause. 'busy' when simultaneous ratings kept colliding (the handler answers 409).
 */
export async function setRating(userId: string, videoId: string, rating: number): Promise<'rated' | 'missing' | 'busy'> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const video = await getVideo(userId, videoId);
    if (!video) return 'missing';
    const before = video.myRating;
    if (before === rating) return 'rated';
    const cancelled = await tryTransactWrite([
      {
        Update: {
          TableName: env().TABLE_NAME,
          Key: keys.video(userId, videoId),
          UpdateExpression: 'SET rating = :rating',
          ConditionExpression: before === null ? 'attribute_exists(pk) AND attribute_not_exists(rating)' : 'rating = :before',
          ExpressionAttributeValues: { ':rating': rating, ...(before === null ? {} : { ':before': before }) },
        },
      },
      {
        Update: {
          TableName: env().TABLE_NAME,
          Key: statsKey(videoId),
          UpdateExpression: 'ADD rating_sum :sum, rating_count :count',
          ExpressionAttributeValues: { ':sum': rating - (before ?? 0), ':count': before === null ? 1 : 0 },
        },
      },
    ]);
    if (!cancelled) return 'rated';
    await pause(attempt);
  }
  return 'busy';
}

/**
 * Delete Account: each video of the account leaves the library in one transaction with its
 * marks taken back from the shared counters (a viewer, a like, a rating), conditional on the
 * item still being there, so a second delivery takes nothing back twice.
 */
export async function forgetVideos(userId: string): Promise<number> {
  let forgotten = 0;
  for (const video of await listVideos(userId)) {
    const viewers = video.watched ? -1 : 0;
    const likes = video.liked ? -1 : 0;
    const ratingSum = -(video.myRating ?? 0);
    const ratingCount = video.myRating === null ? 0 : -1;
    const cancelled = await tryTransactWrite([
      { Delete: { TableName: env().TABLE_NAME, Key: keys.video(userId, video.id), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: env().TABLE_NAME,
          Key: statsKey(video.id),
          UpdateExpression: 'ADD #views :views, likes :likes, rating_sum :sum, rating_count :count',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#views': 'views' },
          ExpressionAttributeValues: { ':views': viewers, ':likes': likes, ':sum': ratingSum, ':count': ratingCount },
        },
      },
    ]);
    // Cancelled: gone already (a redelivery), or its explanation item is gone: the item goes with the partition.
    if (!cancelled) forgotten += 1;
  }
  return forgotten;
}
