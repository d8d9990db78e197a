import type { EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod';
import { envelopeSchema } from '#events/catalogue.ts';
import { achievementText, challengeFinishedText, challengeReceivedText, classInviteText, friendRequestText, parentLinkText, tournamentStartingText, type NotificationText } from '#shared/notifications/texts.ts';
import { minutesUntil } from '#shared/tournaments/alerts.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { areFriends } from '../social/data/friends.ts';
import { playersOfTournament } from '../tournaments/data/tournaments.ts';
import { notify, type NotifyInput } from './notify.ts';
import { startDefaultStudyReminders } from './study-reminders.ts';
import { eventHandler } from '../lib/instrument.ts';

const envelope = z.discriminatedUnion('detail-type', [
  envelopeSchema('AchievementUnlocked'),
  envelopeSchema('FriendRequestSent'),
  envelopeSchema('ChallengeSent'),
  envelopeSchema('ChallengeFinished'),
  envelopeSchema('QuizCompleted'),
  envelopeSchema('ParentLinkRequested'),
  envelopeSchema('ClassInvitationSent'),
  envelopeSchema('TournamentStartingSoon'),
]);
type Envelope = z.infer<typeof envelope>;

type Delivery = {
  userId: string;
  type: NotifyInput['type'];
  key: string;
  occurredAt: string;
  text: NotificationText;
  aboutUserId?: string;
  /** A fact between friends (a friend challenge): told only while the two still are, checked as it is delivered. */
  friendOf?: string;
};

/**
 * The facts people are told about in the bell (docs/social.md): an achievement,
 * a friend request or challenge received, a challenge finished (both players). Each is
 * keyed by the fact, not the event, so a second delivery, or a second ChallengeFinished
 * for the same challenge, makes no second item; the recipient's settings decide the rest.
 */
async function deliveries(event: Exclude<Envelope, { 'detail-type': 'QuizCompleted' }>): Promise<Delivery[]> {
  switch (event['detail-type']) {
    case 'TournamentStartingSoon': {
      // Everyone registered when the alert goes out; keyed by the match, so a redelivered or second event adds nothing.
      const d = event.detail;
      const text = tournamentStartingText({ name: d.name, subject: d.subject, level: d.level, minutes: minutesUntil(d.startAt, d.alertAt), tournamentId: d.tournamentId });
      return (await playersOfTournament(d.tournamentId)).map((p) => ({ userId: p.userId, type: 'tournament', key: `starting#${d.tournamentId}`, occurredAt: d.alertAt, text }));
    }
    case 'AchievementUnlocked': {
      const d = event.detail;
      return [{ userId: d.userId, type: 'achievement', key: d.achievementId, occurredAt: d.unlockedAt, text: achievementText(d.achievementId) }];
    }
    case 'FriendRequestSent': {
      const d = event.detail;
      return [{ userId: d.receiverId, type: 'friend_request', key: `${d.senderId}#${d.createdAt}`, occurredAt: d.createdAt, text: friendRequestText(d.senderEmail), aboutUserId: d.senderId }];
    }
    case 'ParentLinkRequested': {
      const d = event.detail;
      return [{ userId: d.studentId, type: 'parent_link', key: `${d.parentId}#${d.createdAt}`, occurredAt: d.createdAt, text: parentLinkText(d.parentEmail, d.parentId), aboutUserId: d.parentId }];
    }
    case 'ClassInvitationSent': {
      const d = event.detail;
      return [{ userId: d.studentId, type: 'class_invite', key: `${d.classId}#${d.invitedAt}`, occurredAt: d.invitedAt, text: classInviteText(d.teacherEmail, d.className, d.classId), aboutUserId: d.teacherId }];
    }
    case 'ChallengeSent': {
      const d = event.detail;
      return [{ userId: d.challengedId, type: 'friend_challenge', key: `received#${d.challengeId}`, occurredAt: d.createdAt, text: challengeReceivedText(d), aboutUserId: d.challengerId, friendOf: d.challengerId }];
    }
    case 'ChallengeFinished': {
      const d = event.detail;
      const outcome = (userId: string) => (d.winnerId === null ? 'tie' : d.winnerId === userId ? 'won' : 'lost');
      const side = (userId: string, mine: typeof d.challengerScore, theirs: typeof d.challengerScore): Delivery => ({
        userId,
        friendOf: userId === d.challengerId ? d.challengedId : d.challengerId,
        type: 'friend_challenge',
        key: `finished#${d.challengeId}`,
        occurredAt: d.completedAt,
        text: challengeFinishedText({ subject: d.subject, level: d.level, mine, theirs, outcome: outcome(userId) }),
      });
      return [side(d.challengerId, d.challengerScore, d.challengedScore), side(d.challengedId, d.challengedScore, d.challengerScore)];
    }
  }
}

/** Notified at once (each is a few reads and one transaction). */
const DELIVERY_BATCH = 25;

export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const parsed = envelope.parse(event);
  if (parsed['detail-type'] === 'QuizCompleted') {
    // A round of an account that still has the default settings starts its study reminders (in the account's zone).
    const profile = await getProfile(parsed.detail.userId);
    if (profile) await startDefaultStudyReminders(profile.user_id, profile.time_zone ?? parsed.detail.timeZone, new Date(parsed.detail.completedAt));
    return;
  }
  // A match's alert goes to up to 1000 players: a few at a time, well inside the timeout.
  const all = await deliveries(parsed);
  for (let i = 0; i < all.length; i += DELIVERY_BATCH) await Promise.all(all.slice(i, i + DELIVERY_BATCH).map(deliver));
});

async function deliver(delivery: Delivery): Promise<void> {
  // Read now, not when the event was made: a friendship ended since ends the delivery.
  if (delivery.friendOf && !(await areFriends(delivery.userId, delivery.friendOf))) return;
  const { text } = delivery;
  await notify(delivery.userId, {
    type: delivery.type,
    key: delivery.key,
    occurredAt: delivery.occurredAt,
    title: text.title,
    message: text.message,
    priority: text.priority,
    actionUrl: text.actionUrl,
    actionText: text.actionText,
    ...(delivery.aboutUserId ? { aboutUserId: delivery.aboutUserId } : {}),
  });
}
