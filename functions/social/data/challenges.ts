import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import type { ChallengeStatus } from '#shared/social/friend-challenge.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import type { IndexedQuestion } from '../../questions/data/question-bank.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * Friend challenges (docs/social.md). One item per challenge, indexed under both players.
 * The questions are drawn once, when the challenge is made, and stay here with their
 * answer key: both players get the same ones and the browser never sees the key. Every
 * change is conditional on the state it changes (the challenged player answers once; each
 * player starts once and is scored once; the challenge completes once).
 */
export type Side = 'challenger' | 'challenged';

export interface ChallengeAttempt {
  score: number;
  total: number;
  completedAt: string;
}

export interface Challenge {
  id: string;
  challengerId: string;
  challengerEmail: string;
  challengedId: string;
  challengedEmail: string;
  subject: Subject;
  level: Level;
  questionCount: number;
  timeLimitSec: number;
  message: string;
  status: ChallengeStatus;
  createdAt: string;
  expiresAt: string;
  questions: (IndexedQuestion & { level: Level })[];
  rounds: Partial<Record<Side, string>>;
  attempts: Partial<Record<Side, ChallengeAttempt>>;
  /** The winner's user id, or null for a tie; set when completed. */
  winnerId?: string | null;
}

const table = () => env().TABLE_NAME;

function toChallenge(item: Record<string, unknown>): Challenge {
  return {
    id: String(item.id),
    challengerId: String(item.challenger_id),
    challengerEmail: String(item.challenger_email),
    challengedId: String(item.challenged_id),
    challengedEmail: String(item.challenged_email),
    subject: item.subject as Subject,
    level: item.level as Level,
    questionCount: Number(item.question_count),
    timeLimitSec: Number(item.time_limit),
    message: String(item.message ?? ''),
    status: item.status as ChallengeStatus,
    createdAt: String(item.created_at),
    expiresAt: String(item.expires_at),
    questions: (item.questions ?? []) as Challenge['questions'],
    rounds: { challenger: item.challenger_round as string | undefined, challenged: item.challenged_round as string | undefined },
    attempts: { challenger: item.challenger_attempt as ChallengeAttempt | undefined, challenged: item.challenged_attempt as ChallengeAttempt | undefined },
    winnerId: item.winner_id === undefined ? undefined : (item.winner_id as string | null),
  };
}

export async function putChallenge(challenge: Omit<Challenge, 'rounds' | 'attempts' | 'winnerId'>): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.challenge(challenge.id),
        type: 'friend-challenge',
        gsi1pk: keys.challengesOf(challenge.challengerId),
        gsi1sk: challenge.createdAt,
        gsi2pk: keys.challengesOf(challenge.challengedId),
        gsi2sk: challenge.createdAt,
        id: challenge.id,
        challenger_id: challenge.challengerId,
        challenger_email: challenge.challengerEmail,
        challenged_id: challenge.challengedId,
        challenged_email: challenge.challengedEmail,
        subject: challenge.subject,
        level: challenge.level,
        question_count: challenge.questionCount,
        time_limit: challenge.timeLimitSec,
        message: challenge.message,
        status: challenge.status,
        created_at: challenge.createdAt,
        expires_at: challenge.expiresAt,
        questions: challenge.questions,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getChallenge(id: string): Promise<Challenge | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.challenge(id), ConsistentRead: true }));
  return Item ? toChallenge(Item) : undefined;
}

/** A player's challenges, both as challenger and as challenged, newest first (without the questions). */
export async function challengesOf(userId: string, limit = 50): Promise<Challenge[]> {
  const query = (index: 'gsi1' | 'gsi2') =>
    documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: index,
        KeyConditionExpression: `${index}pk = :p`,
        ExpressionAttributeValues: { ':p': keys.challengesOf(userId) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
  const [sent, received] = await Promise.all([query('gsi1'), query('gsi2')]);
  return [...(sent.Items ?? []), ...(received.Items ?? [])]
    .map((item) => ({ ...toChallenge(item), questions: [] }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}

async function conditionalUpdate(id: string, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>): Promise<Challenge | undefined> {
  try {
    const { Attributes } = await documentClient().send(new UpdateCommand({ TableName: table(), Key: keys.challenge(id), ReturnValues: 'ALL_NEW', ...update }));
    return Attributes ? toChallenge(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** pending → accepted or declined, by the challenged player only, before it expires. */
export const answerChallenge = (id: string, challengedId: string, status: 'accepted' | 'declined', now: Date) =>
  conditionalUpdate(id, {
    UpdateExpression: 'SET #status = :status, responded_at = :now',
    ConditionExpression: '#status = :pending AND challenged_id = :me AND expires_at > :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status, ':pending': 'pending', ':me': challengedId, ':now': now.toISOString() },
  });

/** A player's one round of an accepted, unexpired challenge; undefined when they already have one. */
export const claimRound = (challenge: Challenge, side: Side, roundId: string, now: Date) =>
  conditionalUpdate(challenge.id, {
    UpdateExpression: `SET ${side}_round = :round`,
    ConditionExpression: `#status = :accepted AND attribute_not_exists(${side}_round) AND expires_at > :now`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':accepted': 'accepted', ':round': roundId, ':now': now.toISOString() },
  });

/** The side's score, once, and only from the round it claimed. */
export const recordAttempt = (id: string, side: Side, roundId: string, attempt: ChallengeAttempt) =>
  conditionalUpdate(id, {
    UpdateExpression: `SET ${side}_attempt = :attempt`,
    ConditionExpression: `${side}_round = :round AND attribute_not_exists(${side}_attempt)`,
    ExpressionAttributeValues: { ':round': roundId, ':attempt': attempt },
  });

/** accepted → completed with its winner, once both attempts are in; undefined if another call did it. */
export const completeChallenge = (id: string, winnerId: string | null, now: Date) =>
  conditionalUpdate(id, {
    UpdateExpression: 'SET #status = :completed, winner_id = :winner, completed_at = :now',
    ConditionExpression: '#status = :accepted AND attribute_exists(challenger_attempt) AND attribute_exists(challenged_attempt)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':completed': 'completed', ':accepted': 'accepted', ':winner': winnerId, ':now': now.toISOString() },
  });
