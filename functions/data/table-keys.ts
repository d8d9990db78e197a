/**
 * The key builders of the one table (the access patterns are described in table-design.ts).
 * One export each, imported as a namespace (`import * as keys from './table-keys.ts'`), so a
 * Lambda bundle carries only the builders it calls: an object of ~100 builders cannot be
 * tree-shaken and cost every bundle ~5 KB (tests/infra/bundles.test.ts budget).
 */
import { shardPartition } from '#shared/counter-shards.ts';

export const profile = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
export const profileByEmail = (email: string) => ({ gsi1pk: `EMAIL#${email}`, gsi1sk: 'PROFILE' });
export const profileByRole = (role: string, email: string) => ({ gsi2pk: `ROLE#${role}`, gsi2sk: email });
export const linkToken = (hash: string) => ({ pk: `TOKEN#${hash}`, sk: 'TOKEN' });
export const linkTokenOfEmail = (email: string, hash: string) => ({ gsi1pk: `EMAIL#${email}`, gsi1sk: `TOKEN#${hash}` });
export const sessionsValidAfter = (userId: string) => ({ pk: `USER#${userId}`, sk: 'SESSIONS' });
export const signIn = (refreshTokenHash: string) => ({ pk: `SESSION#${refreshTokenHash}`, sk: 'SESSION' });
export const signInOfUser = (userId: string, refreshTokenHash: string) => ({ gsi1pk: `OWNER#${userId}`, gsi1sk: `SESSION#${refreshTokenHash}` });
export const rateWindow = (action: string, key: string, windowStart: number) => ({ pk: `RATE#${action}#${key}`, sk: String(windowStart) });
export const processedEvent = (consumer: string, eventId: string) => ({ pk: `EVENT#${consumer}#${eventId}`, sk: 'EVENT' });
export const bankMeta = (subject: string, level: string) => ({ pk: `QBANK#${subject}#${level}`, sk: 'META' });
export const bankQuestion = (subject: string, level: string, index: number) => ({ pk: `QBANK#${subject}#${level}`, sk: `Q#${String(index).padStart(5, '0')}` });
export const seen = (userId: string, subject: string, level: string) => ({ pk: `USER#${userId}`, sk: `SEEN#${subject}#${level}` });
export const round = (userId: string, roundId: string) => ({ pk: `USER#${userId}`, sk: `ROUND#${roundId}` });
export const dailyRounds = (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `DAILY#${day}` });
export const attempt = (userId: string, completedAt: string, roundId: string) => ({ pk: `USER#${userId}`, sk: `ATTEMPT#${completedAt}#${roundId}` });
export const progress = (userId: string, subject: string, level: string) => ({ pk: `USER#${userId}`, sk: `PROGRESS#${subject}#${level}` });
export const stats = (userId: string) => ({ pk: `USER#${userId}`, sk: 'STATS' });
export const topic = (userId: string, subject: string, topic: string) => ({ pk: `USER#${userId}`, sk: `TOPIC#${subject}#${topic}` });
export const activeDay = (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `DAY#${day}` });
export const streak = (userId: string) => ({ pk: `USER#${userId}`, sk: 'STREAK' });
export const achievement = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `ACH#${id}` });
export const studyGoal = (userId: string, goalId: string) => ({ pk: `USER#${userId}`, sk: `GOAL#${goalId}` });
export const studyGoalCount = (userId: string) => ({ pk: `USER#${userId}`, sk: 'GOAL-COUNT' });
export const learningStyle = (userId: string) => ({ pk: `USER#${userId}`, sk: 'LEARNING-STYLE' });
export const notification = (userId: string, key: string) => ({ pk: `USER#${userId}`, sk: `NOTIF#${key}` });
export const notificationOnce = (userId: string, keyHash: string) => ({ pk: `USER#${userId}`, sk: `NOTIFKEY#${keyHash}` });
export const notificationSettings = (userId: string) => ({ pk: `USER#${userId}`, sk: 'NOTIF-SETTINGS' });
export const studyReminder = (userId: string, dueAt: string) => ({ pk: `USER#${userId}`, sk: `REMIND#${dueAt}` });
export const studyRemindersDue = (dueAt: string, userId: string) => ({ gsi1pk: `REMINDERS#${dueAt.slice(0, 10)}`, gsi1sk: `${dueAt}#${userId}` });
export const notificationAbout = (otherUserId: string, createdAt: string) => ({ gsi1pk: `NOTIFABOUT#${otherUserId}`, gsi1sk: createdAt });
export const bookmark = (userId: string, questionId: string) => ({ pk: `USER#${userId}`, sk: `BOOKMARK#${questionId}` });
export const friendRequest = (ownerId: string, direction: 'IN' | 'OUT', otherId: string) => ({ pk: `USER#${ownerId}`, sk: `FREQ#${direction}#${otherId}` });
export const friend = (userId: string, friendId: string) => ({ pk: `USER#${userId}`, sk: `FRIEND#${friendId}` });
export const challenge = (challengeId: string) => ({ pk: `CHALLENGE#${challengeId}`, sk: 'CHALLENGE' });
export const challengesOf = (userId: string) => `CHALLENGES#${userId}`;
export const bookmarkCount = (userId: string) => ({ pk: `USER#${userId}`, sk: 'BOOKMARK-COUNT' });
export const reportSent = (userId: string, sentAt: string) => ({ pk: `USER#${userId}`, sk: `REPORTSENT#${sentAt}` });
export const reviewCard = (userId: string, questionId: string) => ({ pk: `USER#${userId}`, sk: `CARD#${questionId}` });
export const reviewCardDue = (userId: string, nextReview: string, questionId: string) => ({ gsi1pk: `CARDS#${userId}`, gsi1sk: `${nextReview}#${questionId}` });
export const siteConfig = () => ({ pk: 'CONFIG', sk: 'SITE' });
export const paymentIntent = (userId: string, at: string) => ({ pk: `USER#${userId}`, sk: `INTENT#${at}` });
export const waitlist = (email: string) => ({ pk: `WAITLIST#${email}`, sk: 'ENTRY' });
let globalStatsPartition = 'STATS';
/** Handler tests share one table with every other test file: a test counts the landing figures into a partition of its own. */
export function useGlobalStatsPartitionForTests(name: string): void {
  globalStatsPartition = name;
}
/** The landing page's counters, one shard of them (shared/counter-shards.ts; shard 0 is the item from before sharding). */
export const globalStats = (shard = 0) => ({ pk: shardPartition(globalStatsPartition, shard), sk: 'GLOBAL' });
export const dailyChallenge = (date: string, level: string) => ({ pk: `DAILYCH#${date}`, sk: `LEVEL#${level}` });
export const dailyProgress = (userId: string, date: string) => ({ pk: `USER#${userId}`, sk: `DCPROGRESS#${date}` });
export const dailyStreak = (userId: string) => ({ pk: `USER#${userId}`, sk: 'DCSTREAK' });
export const leaderboardEntry = (attemptId: string) => ({ pk: `LBE#${attemptId}`, sk: 'ENTRY' });
export const leaderboardTotal = (userId: string, scope: string, bucket: string) => ({ pk: `USER#${userId}`, sk: `LBT#${scope}#${bucket}` });
export const leaderboardBoard = (scope: string, bucket: string) => `LBT#${scope}#${bucket}`;
export const feedItem = (readerId: string, at: string, activityKey: string) => ({ pk: `USER#${readerId}`, sk: `FEED#${at}#${activityKey}` });
export const feedByActor = (actorId: string) => `FEEDBY#${actorId}`;
export const feedAbout = (userId: string) => `FEEDABOUT#${userId}`;
export const feedMark = (userId: string, what: string) => ({ pk: `USER#${userId}`, sk: `FEEDMARK#${what}` });
export const group = (groupId: string) => ({ pk: `GROUP#${groupId}`, sk: 'GROUP' });
export const publicGroup = (createdAt: string, groupId: string) => ({ gsi2pk: 'GROUPS#PUBLIC', gsi2sk: `${createdAt}#${groupId}` });
export const groupMember = (groupId: string, userId: string) => ({ pk: `GROUP#${groupId}`, sk: `MEMBER#${userId}` });
export const groupOfUser = (userId: string, groupId: string) => ({ pk: `USER#${userId}`, sk: `GROUPOF#${groupId}` });
export const groupMessage = (groupId: string, at: string, messageId: string) => ({ pk: `GROUP#${groupId}`, sk: `MSG#${at}#${messageId}` });
export const groupMessageBy = (userId: string, at: string) => ({ gsi1pk: `GROUPMSGBY#${userId}`, gsi1sk: at });
export const groupInvite = (userId: string, groupId: string) => ({ pk: `USER#${userId}`, sk: `GROUPINVITE#${groupId}` });
export const groupCount = (userId: string) => ({ pk: `USER#${userId}`, sk: 'GROUP-COUNT' });
/** A public group under one word (`newestFirst` of its creation): a word's groups are one range of its two-letter partition. */
export const groupWord = (word: string, newestFirst: string, groupId: string) => ({ pk: `GROUPWORD#${word.slice(0, 2)}`, sk: `${word}#${newestFirst}#${groupId}` });
export const tournament = (id: string) => ({ pk: `TOURN#${id}`, sk: 'TOURN' });
export const tournamentOfWeek = (week: string, startAt: string) => ({ gsi1pk: `TOURNWEEK#${week}`, gsi1sk: startAt });
export const tournamentQuestions = (id: string) => ({ pk: `TOURN#${id}`, sk: 'QUESTIONS' });
export const tournamentPlayer = (id: string, userId: string) => ({ pk: `TOURN#${id}`, sk: `PLAYER#${userId}` });
export const tournamentOfPlayer = (userId: string, id: string) => ({ gsi2pk: `TOURNPLAYER#${userId}`, gsi2sk: id });
export const tournamentAnswer = (id: string, question: number, userId: string) => ({ pk: `TOURN#${id}`, sk: `ANS#${String(question).padStart(3, '0')}#${userId}` });
export const tournamentStandings = (id: string) => ({ pk: `TOURN#${id}`, sk: 'STANDINGS' });
export const connection = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
export const connectionOfUser = (userId: string, connectionId: string) => ({ gsi1pk: `CONNS#${userId}`, gsi1sk: connectionId });
/** A connection's frames in one window of the frame limit (functions/realtime/frame-limit.ts). */
export const connectionFrames = (connectionId: string, window: number) => ({ pk: `CONN#${connectionId}`, sk: `FRAMES#${window}` });
export const auditEntry = (id: string) => ({ pk: 'AUDIT', sk: id });
/** The admin overview's counters, one shard of them (shared/counter-shards.ts; shard 0 is the item from before sharding). */
export const adminStatsTotals = (partition = 'ADMINSTATS', shard = 0) => ({ pk: shardPartition(partition, shard), sk: 'TOTALS' });
export const adminStatsDay = (partition: string, day: string, shard = 0) => ({ pk: shardPartition(partition, shard), sk: `DAY#${day}` });
export const adminActiveMark = (partition: string, day: string, userHash: string) => ({ pk: `${partition}#ACTIVE#${day}`, sk: userHash });
export const seenReset = () => ({ pk: 'CONFIG', sk: 'SEEN-RESET' });
export const offlinePack = (userId: string, packId: string) => ({ pk: `USER#${userId}`, sk: `OFFLINEPACK#${packId}` });
export const explanation = (questionId: string, version: string, slot: string) => ({ pk: `EXPL#${questionId}`, sk: `V#${version}#${slot}` });
export const video = (userId: string, videoId: string) => ({ pk: `USER#${userId}`, sk: `VIDEO#${videoId}` });
export const videoCount = (userId: string) => ({ pk: `USER#${userId}`, sk: 'VIDEO-COUNT' });
export const subscription = (connectionId: string, topic: string) => ({ pk: `CONN#${connectionId}`, sk: `SUB#${topic}` });
export const subscriptionOfTopic = (topic: string, connectionId: string) => ({ gsi1pk: `SUBS#${topic}`, gsi1sk: connectionId });
export const tutorDay = (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `TUTORDAY#${day}` });
export const generatedQuestion = (id: string) => ({ pk: `GENQ#${id}`, sk: 'GENQ' });
export const generatedQuestionByStatus = (status: string, createdAt: string, id: string) => ({ gsi1pk: `GENQS#${status}`, gsi1sk: `${createdAt}#${id}` });
export const generatedGuide = (id: string) => ({ pk: `GUIDE#${id}`, sk: 'GUIDE' });
export const generatedGuideListed = (createdAt: string, id: string) => ({ gsi2pk: 'GUIDES', gsi2sk: `${createdAt}#${id}` });
/** A generated guide's review status: the queue is one query per status on gsi1. */
export const generatedGuideByStatus = (status: string, createdAt: string, id: string) => ({ gsi1pk: `GENGS#${status}`, gsi1sk: `${createdAt}#${id}` });
export const guideFactCheck = (id: string) => ({ pk: `GUIDE#${id}`, sk: 'FACTCHECK' });
export const parentLink = (parentId: string, studentId: string) => ({ pk: `USER#${parentId}`, sk: `PLINK#CHILD#${studentId}` });
export const childLink = (studentId: string, parentId: string) => ({ pk: `USER#${studentId}`, sk: `PLINK#PARENT#${parentId}` });
export const weeklySummary = (parentId: string, studentId: string) => ({ gsi1pk: 'WEEKLYSUMMARY', gsi1sk: `${parentId}#${studentId}` });
export const classItem = (classId: string) => ({ pk: `CLASS#${classId}`, sk: 'CLASS' });
export const classOfTeacher = (teacherId: string, classId: string) => ({ pk: `USER#${teacherId}`, sk: `TCLASS#${classId}` });
export const classCode = (code: string) => ({ pk: `CLASSCODE#${code}`, sk: 'CODE' });
export const classMember = (classId: string, studentId: string) => ({ pk: `CLASS#${classId}`, sk: `MEMBER#${studentId}` });
export const memberOf = (studentId: string, classId: string) => ({ pk: `USER#${studentId}`, sk: `CLASSOF#${classId}` });
export const classInvite = (studentId: string, classId: string) => ({ pk: `USER#${studentId}`, sk: `CLASSINVITE#${classId}` });
export const classInvited = (classId: string, studentId: string) => ({ pk: `CLASS#${classId}`, sk: `INVITED#${studentId}` });
export const assignment = (classId: string, createdAt: string, assignmentId: string) => ({ pk: `CLASS#${classId}`, sk: `ASSIGN#${createdAt}#${assignmentId}` });
/** Consent requests (parent links, class invitations) one asker sent one student on a UTC day; the decline that pauses them. */
export const consentAsked = (studentId: string, askerId: string, day: string) => ({ pk: `USER#${studentId}`, sk: `CONSENTASK#${askerId}#${day}` });
export const consentDeclined = (studentId: string, askerId: string) => ({ pk: `USER#${studentId}`, sk: `CONSENTNO#${askerId}` });
