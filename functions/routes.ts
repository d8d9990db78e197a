/**
 * The HTTP API's routes: one Lambda per use case. The CDK API stack and the local
 * API Gateway emulation both read this table, so the two hosts serve the same API.
 * `auth: 'jwt'` routes sit behind the Cognito JWT authorizer.
 */
export interface RouteDefinition {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: `/api/${string}`;
  /** Short, unique, used for the Lambda's construct id and name. */
  readonly name: string;
  readonly entry: `functions/${string}.ts`;
  readonly auth: 'public' | 'jwt';
}

export const ROUTES = [
  { method: 'POST', path: '/api/auth/sign-up', name: 'SignUp', entry: 'functions/auth/sign-up.ts', auth: 'public' },
  { method: 'POST', path: '/api/auth/confirm', name: 'ConfirmSignUp', entry: 'functions/auth/confirm-sign-up.ts', auth: 'public' },
  { method: 'POST', path: '/api/auth/sign-in', name: 'SignIn', entry: 'functions/auth/sign-in.ts', auth: 'public' },
  { method: 'POST', path: '/api/auth/refresh', name: 'RefreshSession', entry: 'functions/auth/refresh-session.ts', auth: 'public' },
  { method: 'POST', path: '/api/auth/sign-out', name: 'SignOut', entry: 'functions/auth/sign-out.ts', auth: 'public' },
  { method: 'POST', path: '/api/auth/password-reset', name: 'RequestPasswordReset', entry: 'functions/auth/request-password-reset.ts', auth: 'public' },
  { method: 'POST', path: '/api/auth/password-reset/verify', name: 'VerifyPasswordReset', entry: 'functions/auth/verify-password-reset.ts', auth: 'public' },
  { method: 'POST', path: '/api/auth/password-reset/confirm', name: 'ResetPassword', entry: 'functions/auth/reset-password.ts', auth: 'public' },
  { method: 'GET', path: '/api/me', name: 'GetMe', entry: 'functions/profile/get-me.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/admin/users', name: 'ListUsers', entry: 'functions/admin/list-users.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/quiz/rounds', name: 'StartRound', entry: 'functions/quiz/start-round.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/quiz/rounds/{roundId}/answers', name: 'AnswerQuestion', entry: 'functions/quiz/answer-question.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/quiz/rounds/{roundId}/finish', name: 'FinishRound', entry: 'functions/quiz/finish-round.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/quiz/rounds/{roundId}/review', name: 'ReviewRound', entry: 'functions/quiz/review-round.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/progress', name: 'GetProgress', entry: 'functions/quiz/get-progress.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/bookmarks/toggle', name: 'ToggleBookmark', entry: 'functions/quiz/toggle-bookmark.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/analytics', name: 'GetAnalytics', entry: 'functions/quiz/get-analytics.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/subscription/trial', name: 'StartTrial', entry: 'functions/subscription/start-trial.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/subscription/intent', name: 'RecordPaymentIntent', entry: 'functions/subscription/record-intent.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/subscription/waitlist', name: 'JoinWaitlist', entry: 'functions/subscription/join-waitlist.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/health', name: 'GetHealth', entry: 'functions/system/get-health.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/stats', name: 'GetStats', entry: 'functions/system/get-stats.ts', auth: 'public' },
] as const satisfies readonly RouteDefinition[];

/** Cognito triggers, wired to the user pool in AWS and to cognito-local's Lambda client locally. */
export const COGNITO_TRIGGERS = {
  PostConfirmation: { name: 'PostConfirmation', entry: 'functions/auth/post-confirmation.ts' },
} as const;
