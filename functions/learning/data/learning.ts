import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '#events/catalogue.ts';
import type { Level, Subject } from '#shared/constants.ts';
import { learningStyleSchema, stepProgress, studyGoalSchema, type LearningStyleResult, type StudyGoal } from '#shared/learning/learning.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { countedWrite } from '../../data/counted-writes.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix } from '../../data/user-rows.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/** Study goals and the learning-style result: items in the owner's partition (docs/learning.md). */

const toGoal = (item: Record<string, unknown>): StudyGoal => studyGoalSchema.parse(item);

/** The person's goals, newest first. */
export async function listGoals(userId: string): Promise<StudyGoal[]> {
  const items = await queryPrefix(userId, 'GOAL#');
  return items.map(toGoal).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** How many goals are stored (once, when the count item is first made). */
async function countStoredGoals(userId: string): Promise<number> {
  return (await queryPrefix(userId, 'GOAL#')).length;
}

/** Adds a goal unless the person keeps `max` already: the goal and its count in one conditional transaction. */
export async function addGoal(userId: string, goal: StudyGoal, max: number): Promise<'added' | 'limit' | 'busy'> {
  const outcome = await countedWrite({
    countKey: keys.studyGoalCount(userId),
    change: 1,
    max,
    items: [{ Put: { TableName: env().TABLE_NAME, Item: { ...keys.studyGoal(userId, goal.id), type: 'study-goal', user_id: userId, ...goal }, ConditionExpression: 'attribute_not_exists(pk)' } }],
    countStored: () => countStoredGoals(userId),
  });
  return outcome === 'done' ? 'added' : outcome === 'limit' ? 'limit' : 'busy';
}

export async function getGoal(userId: string, goalId: string): Promise<StudyGoal | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.studyGoal(userId, goalId), ConsistentRead: true }));
  return Item ? toGoal(Item) : undefined;
}

/** One step (+10, max 100) on the value read; a concurrent step makes the condition fail and the caller reads again. */
function stepUpdate(userId: string, goal: StudyGoal) {
  const next = stepProgress(goal.progress);
  return {
    TableName: env().TABLE_NAME,
    Key: keys.studyGoal(userId, goal.id),
    UpdateExpression: 'SET progress = :next, completed = :completed',
    ConditionExpression: 'progress = :was',
    ExpressionAttributeValues: { ':next': next.progress, ':completed': next.completed, ':was': goal.progress },
  };
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)));

/**
 * Update Progress: +10 (max 100) on the caller's own goal; undefined when it is not theirs (or
 * gone), 'busy' when simultaneous steps kept winning (the handler answers 409, never a 500).
 */
export async function stepGoal(userId: string, goalId: string): Promise<StudyGoal | undefined | 'busy'> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const goal = await getGoal(userId, goalId);
    if (!goal) return undefined;
    if (goal.progress >= 100) return goal;
    try {
      await documentClient().send(new UpdateCommand(stepUpdate(userId, goal)));
      return { ...goal, ...stepProgress(goal.progress) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      await pause(attempt);
    }
  }
  return 'busy';
}

/** Deletes only a goal of this user (the key is in their partition), counted out; 'missing' when there was none. */
export async function deleteGoal(userId: string, goalId: string): Promise<'deleted' | 'missing' | 'busy'> {
  const outcome = await countedWrite({
    countKey: keys.studyGoalCount(userId),
    change: -1,
    items: [{ Delete: { TableName: env().TABLE_NAME, Key: keys.studyGoal(userId, goalId), ConditionExpression: 'attribute_exists(pk)' } }],
    countStored: () => countStoredGoals(userId),
  });
  return outcome === 'done' ? 'deleted' : outcome === 'busy' ? 'busy' : 'missing';
}

const MARKER_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A quiz in a goal's subject and level moves each open goal of the player one step, once per
 * attempt: the event marker and every step are one transaction, so a redelivery changes nothing
 * and a crash leaves nothing half done. Returns the ids of the goals moved (empty on a duplicate).
 */
export async function advanceGoalsFromPlay(consumer: string, e: Pick<EventDetail<'QuizCompleted'>, 'attemptId' | 'userId' | 'subject' | 'level'>): Promise<string[]> {
  const table = env().TABLE_NAME;
  const marker = { ...keys.processedEvent(consumer, e.attemptId), type: 'processed-event', ttl: ttlSeconds(Date.now() + MARKER_KEEP_MS) };
  for (let attempt = 0; attempt < 5; attempt++) {
    const open = (await listGoals(e.userId)).filter((g) => !g.completed && g.subject === (e.subject as Subject) && g.level === (e.level as Level));
    if (open.length === 0) return [];
    const cancelled = await tryTransactWrite([{ Put: { TableName: table, Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } }, ...open.map((g) => ({ Update: stepUpdate(e.userId, g) }))]);
    if (!cancelled) return open.map((g) => g.id);
    if (cancelled.codes[0] === 'ConditionalCheckFailed') return [];
    // A goal changed (or was deleted) since it was read: read again.
  }
  throw new Error('Study goals kept changing; the event will be retried');
}

export async function getLearningStyle(userId: string): Promise<LearningStyleResult | null> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.learningStyle(userId) }));
  return Item ? learningStyleSchema.parse(Item) : null;
}

/** Saves the latest assessment (a retake replaces it). */
export async function saveLearningStyle(userId: string, result: LearningStyleResult): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: { ...keys.learningStyle(userId), type: 'learning-style', user_id: userId, ...result } }));
}
