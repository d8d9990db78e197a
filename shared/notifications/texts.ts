import type { Level, Subject } from '../constants.ts';
import { ACHIEVEMENTS } from '../quiz/achievements.ts';
import { countOf } from '../text/counts.ts';
import type { Priority } from './notification.ts';

/**
 * What each notification says and where its action button goes. The spec names the
 * types and priorities, not the words; these are ours. A challenge waiting for an answer
 * is high priority (it expires, and its browser notification stays until closed).
 */
export interface NotificationText {
  title: string;
  message: string;
  priority: Priority;
  actionUrl: string;
  actionText: string;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const quizName = (subject: Subject, level: Level) => `${capital(subject)} (${capital(level)})`;

export function achievementText(achievementId: string): NotificationText {
  const achievement = ACHIEVEMENTS.find((a) => a.id === achievementId);
  return {
    title: 'Achievement unlocked!',
    message: achievement ? `${achievement.icon} ${achievement.title}: ${achievement.description}` : 'You unlocked a new achievement.',
    priority: 'medium',
    actionUrl: '/dashboard',
    actionText: 'View Achievements',
  };
}

export function friendRequestText(senderEmail: string): NotificationText {
  return { title: 'New friend request', message: `${senderEmail} sent you a friend request.`, priority: 'medium', actionUrl: '/friends', actionText: 'View Request' };
}

export function challengeReceivedText(input: { challengerEmail: string; subject: Subject; level: Level; questionCount: number }): NotificationText {
  return {
    title: 'New challenge',
    message: `${input.challengerEmail} challenged you to ${input.questionCount} questions of ${quizName(input.subject, input.level)}.`,
    priority: 'high',
    actionUrl: '/friends?tab=challenges',
    actionText: 'View Challenge',
  };
}

type Score = { score: number; total: number };

/** The result as one player sees it: their score first. */
export function challengeFinishedText(input: { subject: Subject; level: Level; mine: Score; theirs: Score; outcome: 'won' | 'lost' | 'tie' }): NotificationText {
  const scores = `${input.mine.score}/${input.mine.total} to ${input.theirs.score}/${input.theirs.total}`;
  const result = input.outcome === 'won' ? `You won ${scores}` : input.outcome === 'lost' ? `You lost ${scores}` : `It’s a tie, ${scores}`;
  return { title: 'Challenge finished', message: `${result} in ${quizName(input.subject, input.level)}.`, priority: 'medium', actionUrl: '/friends?tab=challenges', actionText: 'View Results' };
}

/** A parent asked to follow the student (docs/social.md): the student accepts or declines. */
export function parentLinkText(parentEmail: string, parentId: string): NotificationText {
  return {
    title: 'A parent wants to follow your progress',
    message: `${parentEmail} asked to see your scores and study time. Accept only if you know them.`,
    priority: 'high',
    actionUrl: `/profile?parentLink=${parentId}`,
    actionText: 'Review Request',
  };
}

/** A teacher invited the student to a class. */
export function classInviteText(teacherEmail: string, className: string, classId: string): NotificationText {
  return {
    title: 'Class invitation',
    message: `${teacherEmail} invited you to the class “${className}”. Your teacher will see your scores.`,
    priority: 'high',
    actionUrl: `/dashboard?classInvite=${classId}`,
    actionText: 'View Invitation',
  };
}

/**
 * A registered player's live match starts soon. High priority: its browser
 * pop-up stays until closed, since it is worth nothing once the match has begun.
 */
export function tournamentStartingText(input: { name: string; subject: Subject; level: Level; minutes: number; tournamentId: string }): NotificationText {
  return {
    title: 'Your live match starts soon',
    message: `${input.name}, ${quizName(input.subject, input.level)}, starts in ${countOf(input.minutes, 'minute')}. Be there for the first question.`,
    priority: 'high',
    actionUrl: `/live-match/${encodeURIComponent(input.tournamentId)}`,
    actionText: 'Join Live Match',
  };
}
