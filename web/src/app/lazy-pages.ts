/**
 * Route modules loaded on demand. The landing page is in the entry chunk; everything
 * else is fetched when first visited (the auth screen is also prefetched when idle).
 */
export const loadAuthScreen = () => import('@/features/auth/components/auth-screen.tsx');
export const loadResetPasswordScreen = () => import('@/features/auth/components/reset-password-screen.tsx');
export const loadRoleHome = () => import('./routes/role-home.tsx');
export const loadParentDashboard = () => import('./routes/parent-dashboard.tsx');
export const loadTeacherDashboard = () => import('./routes/teacher-dashboard.tsx');
export const loadAdminDashboard = () => import('./routes/admin-dashboard.tsx');
export const loadQuizPage = () => import('./routes/quiz.tsx');
export const loadCompetitionPage = () => import('./routes/competition.tsx');
export const loadLeaderboardPage = () => import('./routes/leaderboard.tsx');
export const loadSubscriptionPage = () => import('./routes/subscription.tsx');
export const loadSecurityPage = () => import('./routes/security.tsx');
export const loadFriendsPage = () => import('./routes/friends.tsx');
export const loadProfilePage = () => import('./routes/profile.tsx');
export const loadNotificationsPage = () => import('./routes/notifications.tsx');
export const loadDailyChallengePage = () => import('./routes/daily-challenge.tsx');
export const loadStudyGroupsPage = () => import('./routes/study-groups.tsx');
export const loadReviewPage = () => import('./routes/review.tsx');
export const loadSpacedRepetitionPage = () => import('./routes/spaced-repetition.tsx');
export const loadStudyGuidesPage = () => import('./routes/study-guides.tsx');
export const loadLiveCompetitionsPage = () => import('./routes/live-competitions.tsx');
export const loadLiveMatchPage = () => import('./routes/live-match.tsx');
export const loadOfflinePage = () => import('./routes/offline.tsx');
export const loadAdaptivePage = () => import('./routes/adaptive.tsx');
export const loadLearningStylePage = () => import('./routes/learning-style.tsx');
export const loadStudyPlansPage = () => import('./routes/study-plans.tsx');
export const loadProgressReportsPage = () => import('./routes/progress-reports.tsx');
export const loadAiTutorPage = () => import('./routes/ai-tutor.tsx');
export const loadVideoExplanationsPage = () => import('./routes/video-explanations.tsx');

/** Fetches a chunk when the browser is idle; failures are left for the route itself to report. */
export function prefetchWhenIdle(load: () => Promise<unknown>): void {
  const run = () => void load().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1500);
}
