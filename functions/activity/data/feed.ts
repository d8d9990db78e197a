import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { FEED_ITEM_TTL_MS, FEED_LIMITS, feedItemSchema, type ActivityData, type ActivityType, type FeedItem } from '#shared/social/feed.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { putItems } from '../../data/batch-write.ts';

/**
 * The friend activity feed (docs/social.md: visibility friends), written on fan-out:
 * an activity is copied into the feed partition of the actor and of each of the actor's
 * friends, so reading "the newest 50" is one Query of the reader's own partition. The feed
 * is read every 30 s by every open dashboard, and an activity is written once, so paying
 * per friend on the write and one bounded query on each read is the cheap side; reading
 * per friend would cost a query per friend every 30 s.
 *
 * A copy's sort key is its instant and the activity's own key, both from the event, so a
 * redelivered event rewrites the same items. Copies expire after 30 days; each names its
 * actor on gsi2 (and a challenge's opponent on gsi1), so deleting an account finds them.
 */
export interface Activity {
  /** Unique per activity, from the event (attempt, challenge, achievement, day…). */
  key: string;
  actorId: string;
  actorEmail: string;
  type: ActivityType;
  data: ActivityData;
  at: string;
  /** Another player the activity names (a challenge's opponent). */
  aboutId?: string;
}

const table = () => env().TABLE_NAME;

/** Writes the activity into each reader's feed (25 puts a request, unprocessed ones retried). */
export async function fanOut(activity: Activity, readerIds: readonly string[]): Promise<number> {
  const ttl = ttlSeconds(Date.parse(activity.at) + FEED_ITEM_TTL_MS);
  const items = [...new Set(readerIds)].map((readerId) => ({
    ...keys.feedItem(readerId, activity.at, activity.key),
    gsi2pk: keys.feedByActor(activity.actorId),
    gsi2sk: `${readerId}#${activity.at}`,
    ...(activity.aboutId ? { gsi1pk: keys.feedAbout(activity.aboutId), gsi1sk: `${readerId}#${activity.at}` } : {}),
    type: 'feed-item',
    id: `${activity.at}#${activity.key}`,
    actor_id: activity.actorId,
    actor_email: activity.actorEmail,
    activity_type: activity.type,
    activity_data: activity.data,
    visibility: 'friends',
    created_at: activity.at,
    ttl,
  }));
  await putItems(items);
  return items.length;
}

/**
 * The reader's newest items by people still visible to them (themselves and current
 * friends): one Query of at most twice the page, so a removed friend's leftovers (which
 * expire with their TTL) rarely shorten the page.
 */
export async function newestFeed(readerId: string, visibleActors: ReadonlySet<string>): Promise<FeedItem[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :feed)',
      ExpressionAttributeValues: { ':pk': keys.profile(readerId).pk, ':feed': 'FEED#' },
      ScanIndexForward: false,
      Limit: FEED_LIMITS.items * 2,
    }),
  );
  return (Items ?? [])
    .filter((item) => visibleActors.has(String(item.actor_id)))
    .slice(0, FEED_LIMITS.items)
    .map((item) =>
      feedItemSchema.parse({
        id: item.id,
        user_id: item.actor_id,
        user_email: item.actor_email,
        activity_type: item.activity_type,
        activity_data: item.activity_data,
        created_at: item.created_at,
      }),
    );
}

/**
 * Runs `effect` once per user and fact (a level mastered, a streak milestone of a day):
 * the mark is claimed first and given back if the effect fails, so a retry makes it up.
 * Marks live in the user's partition (deleted with the account).
 */
export async function onceFor(userId: string, what: string, effect: () => Promise<unknown>, keepMs?: number): Promise<boolean> {
  const Key = keys.feedMark(userId, what);
  try {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...Key, type: 'feed-mark', ...(keepMs ? { ttl: ttlSeconds(Date.now() + keepMs) } : {}) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  try {
    await effect();
    return true;
  } catch (error) {
    await documentClient().send(new DeleteCommand({ TableName: table(), Key }));
    throw error;
  }
}
