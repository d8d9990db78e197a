import { ROLE_HOME, isLevel, isSubject, type Role } from '#shared/constants.ts';

/**
 * Who may open which path (docs/quiz.md), as one pure decision: the path and the session
 * in, the place to send the user instead (or null to let them in) out.
 */
export type SessionView = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; role: Role };

type Rule =
  /** Anyone: /, /leaderboard, /reset-password. */
  | { kind: 'public' }
  /** Signed-out visitors only; a signed-in user goes to their role's home. */
  | { kind: 'guest' }
  /** Any signed-in user; signed-out visitors go to `signedOutTarget`. */
  | { kind: 'signed-in'; signedOutTarget: string }
  /** One role's home; everyone else goes to /. */
  | { kind: 'role'; role: Role }
  /** A page several roles use; everyone else goes to /. */
  | { kind: 'roles'; roles: readonly Role[] };

const PUBLIC: Rule = { kind: 'public' };

/** Every static path the app serves. Anything not here (and not a quiz path) goes to /. */
export const ROUTE_RULES: Readonly<Record<string, Rule>> = {
  '/': PUBLIC,
  '/leaderboard': PUBLIC,
  '/reset-password': PUBLIC,
  '/auth': { kind: 'guest' },
  '/subscription': { kind: 'signed-in', signedOutTarget: '/auth' },
  /** Two-step sign-in set-up; admins land here until it is on. */
  '/security': { kind: 'signed-in', signedOutTarget: '/auth' },
  [ROLE_HOME.student]: { kind: 'role', role: 'student' },
  /** Competition setup, beside the student dashboard (docs/social.md). */
  '/competition': { kind: 'role', role: 'student' },
  /** Friends, requests and friend challenges (docs/social.md). */
  '/friends': { kind: 'role', role: 'student' },
  '/profile': { kind: 'role', role: 'student' },
  /** Notification Settings (docs/social.md). */
  '/notifications': { kind: 'role', role: 'student' },
  /** Study groups and chat (docs/social.md); the page itself shows the upgrade gate without study_groups. */
  '/study-groups': { kind: 'role', role: 'student' },
  /** Review Mode over the bookmarked questions (docs/learning.md). */
  '/review': { kind: 'role', role: 'student' },
  /** Spaced repetition (docs/learning.md); the page shows the upgrade gate without spaced_repetition. */
  '/spaced-repetition': { kind: 'role', role: 'student' },
  /**
   * Study guides (docs/learning.md); the server decides which guides the account reads (free: 3).
   * Admins too: Generate AI Guide and Fact Check sit on this page for them.
   */
  '/study': { kind: 'roles', roles: ['student', 'admin'] },
  /** Live tournaments (docs/social.md); the page shows the upgrade gate without live_competitions. */
  '/live-competitions': { kind: 'role', role: 'student' },
  /** Offline quizzes (docs/learning.md); the page shows the upgrade gate without offline_mode. */
  '/offline': { kind: 'role', role: 'student' },
  /** Smart Learning and study goals (docs/learning.md): the pages show the upgrade gate without adaptive_learning / custom_study_plans. */
  '/adaptive': { kind: 'role', role: 'student' },
  '/learning-style': { kind: 'role', role: 'student' },
  '/study-plans': { kind: 'role', role: 'student' },
  /** Progress report (docs/learning.md); the page shows the upgrade gate without progress_reports. */
  '/progress-reports': { kind: 'role', role: 'student' },
  /** AI tutor (docs/learning.md); the page shows the premium gate's description without ai_tutor_chat. */
  '/ai-tutor': { kind: 'role', role: 'student' },
  /** Video library (docs/learning.md); the page shows the upgrade gate without video_explanations. */
  '/video-explanations': { kind: 'role', role: 'student' },
  [ROLE_HOME.parent]: { kind: 'role', role: 'parent' },
  [ROLE_HOME.teacher]: { kind: 'role', role: 'teacher' },
  [ROLE_HOME.admin]: { kind: 'role', role: 'admin' },
};

const QUIZ_PATH = /^\/quiz\/([^/]+)\/([^/]+)$/;
/** The daily challenge of one day (docs/social.md): students only; the id itself is checked by the server. */
const DAILY_CHALLENGE_PATH = /^\/daily-challenge\/[^/]+$/;
/** A live match (docs/social.md): students only; registration is checked by the server. */
const LIVE_MATCH_PATH = /^\/live-match\/[^/]+$/;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `/auth/` and `/auth` are the same page. */
function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The redirect target for `pathname`, or null when the user may stay. While the session
 * is loading nothing is decided (null): the caller shows the loading state instead.
 */
export function routeRedirect(pathname: string, session: SessionView): string | null {
  if (session.status === 'loading') return null;
  const path = normalise(pathname);
  const signedIn = session.status === 'signed-in';

  const quiz = QUIZ_PATH.exec(path);
  if (quiz) {
    if (!signedIn) return '/';
    return isSubject(decode(quiz[1] ?? '')) && isLevel(decode(quiz[2] ?? '')) ? null : ROLE_HOME.student;
  }

  if (DAILY_CHALLENGE_PATH.test(path) || LIVE_MATCH_PATH.test(path)) return signedIn && session.role === 'student' ? null : '/';

  const rule = ROUTE_RULES[path];
  if (!rule) return '/';
  switch (rule.kind) {
    case 'public':
      return null;
    case 'guest':
      return signedIn ? ROLE_HOME[session.role] : null;
    case 'signed-in':
      return signedIn ? null : rule.signedOutTarget;
    case 'role':
      return signedIn && session.role === rule.role ? null : '/';
    case 'roles':
      return signedIn && rule.roles.includes(session.role) ? null : '/';
  }
}
