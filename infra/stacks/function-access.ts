import { CONSUMERS } from '#events/catalogue.ts';
import { SCHEDULES } from '#events/schedules.ts';
import { WEBSOCKET_AUTHORIZER, WEBSOCKET_ROUTES } from '#functions/realtime/routes.ts';
import { COGNITO_TRIGGERS, ROUTES } from '#functions/routes.ts';
import { MATCH_STEPS } from '#functions/tournaments/step-queue.ts';
import type { FunctionAccess } from '../constructs/access.ts';

/**
 * What each function may touch, keyed by its name in ROUTES, COGNITO_TRIGGERS,
 * CONSUMERS and SCHEDULES. Synthesis stops on a function with no entry here, and
 * tests/infra/bundles.test.ts fails when a bundle calls an SDK command that its entry
 * does not allow (or is allowed one it never calls).
 *
 * Loosely typed on purpose: functions are added in other folders, and a missing entry
 * should stop synthesis with a clear message rather than break everyone's type check.
 */
const ROUTE_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Both e-mail a link through the send-email consumer (EmailRequested), not SES directly.
  SignUp: { table: 'readWrite', cognito: ['AdminDeleteUser', 'AdminGetUser'], publishEvents: true, clientSecret: true },
  ConfirmSignUp: { table: 'readWrite', cognito: ['AdminConfirmSignUp', 'AdminGetUser', 'AdminUpdateUserAttributes'] },
  SignIn: { table: 'readWrite', clientSecret: true },
  // Two-step sign-in: the code answers Cognito's challenge as the app client; set-up acts with the caller's own token.
  AnswerMfaChallenge: { table: 'readWrite', clientSecret: true },
  StartMfaSetup: { table: 'read' },
  ConfirmMfaSetup: { table: 'readWrite' },
  RefreshSession: { table: 'read', clientSecret: true },
  SignOut: { clientSecret: true },
  RequestPasswordReset: { table: 'readWrite', cognito: ['AdminGetUser'], publishEvents: true },
  VerifyPasswordReset: { table: 'read' },
  // …and closes the account's open sockets (DeleteConnection).
  ResetPassword: { table: 'readWrite', cognito: ['AdminSetUserPassword', 'AdminUserGlobalSignOut'], push: true },
  // Reading the profile also ends a trial whose time is up.
  GetMe: { table: 'readWrite' },
  UpdateProfile: { table: 'readWrite' },
  GetPremiumUsage: { table: 'read' },
  // The identity goes here; AccountDeleted has the consumer close the account's sockets and delete the data.
  // …and an admin steps down first (a conditional transaction: never the last admin).
  DeleteAccount: { table: 'readWrite', cognito: ['AdminDeleteUser'], publishEvents: true },
  ListUsers: { table: 'read' },
  // Admin console; each change also puts an audit-log entry.
  // Add User: the identity (removed again if the profile fails), the profile, its role group, the invitation link (EmailRequested) and AccountInvited.
  AddUser: { table: 'readWrite', cognito: ['AdminAddUserToGroup', 'AdminCreateUser', 'AdminDeleteUser'], publishEvents: true },
  // Edit User: the sign-in address, the role group (AccountRoleChanged), the profile.
  EditUser: { table: 'readWrite', cognito: ['AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminUpdateUserAttributes'], publishEvents: true },
  // Delete User: as Delete Account (the identity here, the data by AccountDeleted's consumer).
  DeleteUser: { table: 'readWrite', cognito: ['AdminDeleteUser'], publishEvents: true },
  // One BatchGet of the counters the aggregate-admin-stats consumer keeps.
  GetAdminOverview: { table: 'read' },
  // One write of the seen-tracking generation.
  ResetSeenTracking: { table: 'readWrite' },
  ListAuditLog: { table: 'read' },
  StartRound: { table: 'readWrite' },
  // Answering the last question, or running out of time, completes the round (QuizCompleted).
  AnswerQuestion: { table: 'readWrite', publishEvents: true },
  FinishRound: { table: 'readWrite', publishEvents: true },
  ReviewRound: { table: 'read' },
  GetProgress: { table: 'read' },
  ToggleBookmark: { table: 'readWrite' },
  GetAnalytics: { table: 'read' },
  // Review mode and spaced repetition (docs/architecture.md).
  // Both settle the caller's rounds left unfinished (their misses become cards; functions/quiz/left-rounds.ts).
  ListReview: { table: 'readWrite' },
  SaveReviewNotes: { table: 'readWrite' },
  ListDueCards: { table: 'readWrite' },
  RateCard: { table: 'readWrite' },
  StartTrial: { table: 'readWrite' },
  RecordPaymentIntent: { table: 'readWrite' },
  JoinWaitlist: { table: 'readWrite' },
  GetHealth: { table: 'read', cognito: ['DescribeUserPool'] },
  GetStats: { table: 'read' },
  ListFriends: { table: 'read' },
  SearchUsers: { table: 'read' },
  // Publishes FriendRequestSent (the receiver's notification).
  SendFriendRequest: { table: 'readWrite', publishEvents: true },
  // …and tells the sender's open sockets (friends.changed).
  RespondFriendRequest: { table: 'readWrite', push: true },
  CancelFriendRequest: { table: 'readWrite' },
  RemoveFriend: { table: 'readWrite' },
  ListChallenges: { table: 'read' },
  // Publishes ChallengeSent (the challenged player's notification).
  SendChallenge: { table: 'readWrite', publishEvents: true },
  // …and tells the challenger's open sockets (challenges.changed).
  RespondChallenge: { table: 'readWrite', push: true },
  GetFeed: { table: 'read' },
  GetLeaderboard: { table: 'read' },
  GetFriendLeaderboard: { table: 'read' },
  ListNotifications: { table: 'read' },
  MarkNotificationRead: { table: 'readWrite' },
  MarkAllNotificationsRead: { table: 'readWrite' },
  DeleteNotification: { table: 'readWrite' },
  GetNotificationSettings: { table: 'read' },
  // Saves the settings (and the account's first time zone) and replaces the pending study reminders.
  SaveNotificationSettings: { table: 'readWrite' },
  // The spec's ensure_today: the first caller of a day without a challenge generates it.
  GetTodayDailyChallenge: { table: 'readWrite' },
  GetDailyChallenge: { table: 'read' },
  // Stores the round and claims the day; answers go through AnswerQuestion like any round.
  StartDailyChallenge: { table: 'readWrite' },
  GenerateUpcomingDailyChallenges: { table: 'readWrite' },
  // The first list of a week without its tournaments makes them (conditional puts).
  ListTournaments: { table: 'readWrite' },
  // Creates a short tournament and, when it starts within a minute, queues its first step (delayed until the start).
  CreateQuickMatch: { table: 'readWrite', sendMatchSteps: true },
  // The registration transaction (counter + player item).
  RegisterForTournament: { table: 'readWrite' },
  GetLiveMatch: { table: 'read' },
  // The answer, with a check that its question is still open (transaction).
  AnswerLiveMatch: { table: 'readWrite' },
  // Study guides: the catalogue is bundled; the table is read for the caller's profile and the admin's generated guides (one query).
  ListStudyGuides: { table: 'read' },
  GetStudyGuide: { table: 'read' },
  // Study groups (premium): membership changes are transactions on the group's member count.
  ListMyGroups: { table: 'read' },
  SearchGroups: { table: 'read' },
  CreateGroup: { table: 'readWrite' },
  GetGroup: { table: 'read' },
  JoinGroup: { table: 'readWrite' },
  LeaveGroup: { table: 'readWrite' },
  InviteToGroup: { table: 'readWrite' },
  ListGroupMessages: { table: 'read' },
  // Counts the sender's messages (rate limit), stores the message and pushes it to group:<id>.
  SendGroupMessage: { table: 'readWrite', push: true },
  GetGroupStats: { table: 'read' },
  // Offline quizzes: a pack is stored (and counted by the rate limit); a result finishes a round like FinishRound (QuizCompleted).
  DownloadOfflinePack: { table: 'readWrite' },
  SubmitOfflineAttempt: { table: 'readWrite', publishEvents: true },
  // Progress report (premium): sending counts the account's sends (rate limit), keeps the address and asks for the e-mail (ProgressReportRequested).
  GetProgressReport: { table: 'read' },
  SendProgressReport: { table: 'readWrite', publishEvents: true },
  ListReportSends: { table: 'read' },
  // Smart Learning reads attempts, topic tallies and the learning style; the style is one put.
  GetAdaptiveLearning: { table: 'read' },
  GetLearningStyle: { table: 'read' },
  SaveLearningStyle: { table: 'readWrite' },
  ListStudyGoals: { table: 'read' },
  CreateStudyGoal: { table: 'readWrite' },
  StepStudyGoal: { table: 'readWrite' },
  DeleteStudyGoal: { table: 'readWrite' },
  // Knowledge base (admin documents, similarity search): chunks, their scope's version, the document, the audit log; Bedrock embeds in AWS.
  // Stores the documents pending (BatchWrite), asks for their embedding (DocumentEmbeddingRequested) and audits; the consumer embeds.
  AddDocuments: { table: 'readWrite', publishEvents: true },
  ListDocuments: { table: 'read' },
  // Moves a failed document to its next attempt (conditional update), publishes it again and audits.
  RetryDocument: { table: 'readWrite', publishEvents: true },
  SearchDocuments: { table: 'read', ai: true, knowledgeIndex: 'read' },
  SearchSimilarQuestions: { table: 'read', ai: true, knowledgeIndex: 'read' },
  // AI tutor (premium): counts the day's questions (conditional update), reads the knowledge base, pushes the reply's pieces to the asker's sockets.
  AiTutorChat: { table: 'readWrite', push: true, ai: true, knowledgeIndex: 'read' },
  // Admin generation: the review queue, the bank (approval appends in one transaction), generated guides, fact checks, the audit log.
  GenerateQuestions: { table: 'readWrite' },
  ListGeneratedQuestions: { table: 'read' },
  ApproveGeneratedQuestion: { table: 'readWrite' },
  RejectGeneratedQuestion: { table: 'readWrite' },
  GenerateStudyGuide: { table: 'readWrite', ai: true, knowledgeIndex: 'read' },
  ListGeneratedGuides: { table: 'read' },
  ApproveGeneratedGuide: { table: 'readWrite' },
  RejectGeneratedGuide: { table: 'readWrite' },
  FactCheckGuide: { table: 'readWrite', ai: true, knowledgeIndex: 'read' },
  // AI explanations (premium): read the caller's round, the cache and the knowledge base; write the cache (and count generations); Bedrock in AWS.
  ExplainQuestion: { table: 'readWrite', ai: true, knowledgeIndex: 'read' },
  ListVideos: { table: 'read' },
  // Explains like ExplainQuestion, then puts the library item.
  AddVideo: { table: 'readWrite', ai: true, knowledgeIndex: 'read' },
  // The account's mark and the shared counter in one transaction.
  WatchVideo: { table: 'readWrite' },
  LikeVideo: { table: 'readWrite' },
  SaveVideo: { table: 'readWrite' },
  RateVideo: { table: 'readWrite' },
  // Writes a study goal (the study plans feature's item) for the video.
  AddVideoToStudyPlan: { table: 'readWrite' },
  // Parents: links are two-item transactions; asking publishes ParentLinkRequested (the student's notification).
  ListLinkedStudents: { table: 'read' },
  AddLinkedStudent: { table: 'readWrite', publishEvents: true },
  RemoveLinkedStudent: { table: 'readWrite' },
  SetWeeklySummaryEmail: { table: 'readWrite' },
  ListMyParents: { table: 'read' },
  RespondParentLink: { table: 'readWrite' },
  RemoveMyParent: { table: 'readWrite' },
  // Classes: membership changes are transactions on the class's member count; inviting publishes ClassInvitationSent.
  ListClasses: { table: 'read' },
  CreateClass: { table: 'readWrite' },
  GetClass: { table: 'read' },
  DeleteClass: { table: 'readWrite' },
  InviteClassStudent: { table: 'readWrite', publishEvents: true },
  RemoveClassStudent: { table: 'readWrite' },
  CreateAssignment: { table: 'readWrite' },
  // Counts the account's join attempts (rate limit), then the membership transaction.
  JoinClass: { table: 'readWrite' },
  ListMyClasses: { table: 'read' },
  RespondClassInvitation: { table: 'readWrite' },
  LeaveClass: { table: 'readWrite' },
};

const TRIGGER_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  PostConfirmation: { table: 'readWrite', cognito: ['AdminAddUserToGroup'], publishEvents: true },
};

const CONSUMER_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Reads the site URL (CONFIG/SITE) and the processed-event marker from the table.
  'send-email': { table: 'readWrite', sendMail: true },
  // Builds the progress report's PDF and e-mails it (SES v2 simple content with the PDF attached: ses:SendEmail); a marker per event makes a redelivery send nothing.
  'email-progress-report': { table: 'readWrite', sendMail: true },
  // Both may unlock achievements (AchievementUnlocked).
  'update-progress': { table: 'readWrite', publishEvents: true },
  'update-streak': { table: 'readWrite', publishEvents: true, push: true },
  // Reads the player's totals and writes them back with the entry in one transaction.
  // …then tells the player's and friends' open boards (board.changed).
  'write-leaderboard-entry': { table: 'readWrite', push: true },
  // Queries the account's partition and indexes, then batch-deletes.
  // Closes the account's open sockets first (DeleteConnection), also after an admin's Delete User.
  'delete-account-data': { table: 'readWrite', push: true },
  // Records a challenge score and, when both are in, announces ChallengeFinished.
  'record-challenge-attempt': { table: 'readWrite', publishEvents: true },
  // Reads the recipient's profile and settings, writes the notification once (transaction).
  // …and pushes it to the recipient's open connections when delivered now (notification.created).
  notify: { table: 'readWrite', push: true },
  // Reads the actor's profile, friends and progress; fans the item out (batch puts) once.
  // …and tells each reader's open feed (feed.changed).
  'write-feed-items': { table: 'readWrite', push: true },
  // Reads the player's study goals and steps the matching ones with the event marker (one transaction).
  'advance-study-goals': { table: 'readWrite' },
  // Adds to the admin counters (totals, the day, a per-day player marker) with the event marker.
  'aggregate-admin-stats': { table: 'readWrite' },
  // From its queue: reads the link again and the student's figures, a marker per link and week, e-mails the parent (SES).
  'send-weekly-parent-summary': { table: 'readWrite', sendMail: true },
  // From its queue: reads the document and the asker's profile, embeds (Bedrock), stages vectors and progress, writes the passages and the scope's version,
  // then rebuilds the scope's knowledge index (reads the scope's chunks, writes the index objects).
  'embed-document': { table: 'readWrite', ai: true, knowledgeIndex: 'readWrite' },
  // From its queue: reads the reminder and the person's settings, writes the notification once (transaction), pushes it, rolls the reminder a week on.
  'send-study-reminder': { table: 'readWrite', push: true },
};

const SCHEDULE_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Lists unconfirmed users, looks each up again and deletes it; no table, no events.
  'purge-expired-sign-ups': { cognito: ['AdminDeleteUser', 'AdminGetUser', 'ListUsers'] },
  // Reads the due reminders by index and publishes one StudyReminderDue each (the queued consumer sends).
  'send-study-reminders': { table: 'read', publishEvents: true },
  // Reads the question bank and writes the day's challenges (conditional puts).
  'generate-daily-challenges': { table: 'readWrite' },
  // Makes the week's tournaments (bank reads, conditional puts), claims due matches and queues their first step,
  // resumes stalled ones (conditional writes, a step each), and publishes the players' alerts (TournamentStartingSoon).
  'run-live-tournaments': { table: 'readWrite', publishEvents: true, sendMatchSteps: true },
  // Lists the opted-in links by index and publishes one WeeklyParentSummaryDue each (the queued consumer sends).
  'send-weekly-parent-summaries': { table: 'read', publishEvents: true },
};

/**
 * The WebSocket API's functions (functions/realtime/routes.ts). A function anywhere that
 * sends to connections (functions/lib/push.ts) declares `push: true` in its own entry.
 */
const REALTIME_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // Verifies the token, then reads the profile and the sessions cutoff (BatchGetItem).
  WsAuthorize: { table: 'read' },
  WsConnect: { table: 'readWrite' },
  // Queries the connection's partition and batch-deletes it.
  WsDisconnect: { table: 'readWrite' },
  // Every route but $connect and $disconnect first counts the frame (functions/realtime/frame-limit.ts), an
  // update, and closes a flooding socket: DeleteConnection, then the query and batch delete of its partition.
  // Subscribe reads the connection and what the topic's area checks (membership, registration); puts the subscription.
  WsSubscribe: { table: 'readWrite', push: true },
  WsUnsubscribe: { table: 'readWrite', push: true },
  WsPing: { table: 'readWrite', push: true },
  WsDefault: { table: 'readWrite', push: true },
};

/** Consumers of queues that functions send to directly (not through a rule): the live matches' step queue. */
const QUEUE_CONSUMER_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  // One step: reads the match, moves it (conditional write), scores and stores standings, pushes, and queues the next step.
  [MATCH_STEPS.consumer]: { table: 'readWrite', push: true, sendMatchSteps: true },
};

type Kind = 'route' | 'Cognito trigger' | 'event consumer' | 'queue consumer' | 'scheduled job' | 'WebSocket function';
const TABLES: Record<Kind, Readonly<Record<string, FunctionAccess>>> = {
  route: ROUTE_ACCESS,
  'Cognito trigger': TRIGGER_ACCESS,
  'event consumer': CONSUMER_ACCESS,
  'queue consumer': QUEUE_CONSUMER_ACCESS,
  'scheduled job': SCHEDULE_ACCESS,
  'WebSocket function': REALTIME_ACCESS,
};

function accessOf(kind: Kind, name: string): FunctionAccess {
  const access = TABLES[kind][name];
  if (!access) throw new Error(`No IAM access declared for ${kind} "${name}": add it to infra/stacks/function-access.ts`);
  return access;
}
export const routeAccess = (name: string) => accessOf('route', name);
export const triggerAccess = (name: string) => accessOf('Cognito trigger', name);
export const consumerAccess = (name: string) => accessOf('event consumer', name);
export const queueConsumerAccess = (name: string) => accessOf('queue consumer', name);
export const scheduleAccess = (name: string) => accessOf('scheduled job', name);
export const realtimeAccess = (name: string) => accessOf('WebSocket function', name);

export interface PlatformFunction {
  readonly kind: Kind;
  readonly name: string;
  readonly entry: `functions/${string}.ts`;
  /** Undefined until declared above; synthesis refuses such a function. */
  readonly access: FunctionAccess | undefined;
}

/** Every Lambda of the platform with its entry and declared access, for the bundle benchmark and tests. */
export function allFunctions(): PlatformFunction[] {
  const fn = (kind: Kind, name: string, entry: `functions/${string}.ts`) => ({ kind, name, entry, access: TABLES[kind][name] });
  return [
    ...ROUTES.map((r) => fn('route', r.name, r.entry)),
    ...Object.values(COGNITO_TRIGGERS).map((t) => fn('Cognito trigger', t.name, t.entry)),
    ...Object.entries(CONSUMERS).map(([name, c]) => fn('event consumer', name, c.entry)),
    fn('queue consumer', MATCH_STEPS.consumer, MATCH_STEPS.entry),
    ...Object.entries(SCHEDULES).map(([name, s]) => fn('scheduled job', name, s.entry)),
    ...[WEBSOCKET_AUTHORIZER, ...WEBSOCKET_ROUTES].map((w) => fn('WebSocket function', w.name, w.entry)),
  ];
}
