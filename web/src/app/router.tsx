import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from './layout/app-layout.tsx';
import {
  loadAdaptivePage,
  loadAiTutorPage,
  loadAdminDashboard,
  loadAuthScreen,
  loadCompetitionPage,
  loadDailyChallengePage,
  loadFriendsPage,
  loadLeaderboardPage,
  loadLearningStylePage,
  loadLiveCompetitionsPage,
  loadLiveMatchPage,
  loadNotificationsPage,
  loadOfflinePage,
  loadProfilePage,
  loadProgressReportsPage,
  loadQuizPage,
  loadResetPasswordScreen,
  loadReviewPage,
  loadParentDashboard,
  loadRoleHome,
  loadTeacherDashboard,
  loadSpacedRepetitionPage,
  loadStudyGroupsPage,
  loadStudyPlansPage,
  loadStudyGuidesPage,
  loadSubscriptionPage,
  loadSecurityPage,
  loadVideoExplanationsPage,
} from './lazy-pages.ts';
import { LandingPage } from './routes/landing.tsx';

const AuthScreen = lazy(() => loadAuthScreen().then((m) => ({ default: m.AuthScreen })));
const ResetPasswordScreen = lazy(() => loadResetPasswordScreen().then((m) => ({ default: m.ResetPasswordScreen })));
const RoleHome = lazy(() => loadRoleHome().then((m) => ({ default: m.RoleHome })));
const ParentDashboardRoute = lazy(() => loadParentDashboard().then((m) => ({ default: m.ParentDashboardRoute })));
const TeacherDashboardRoute = lazy(() => loadTeacherDashboard().then((m) => ({ default: m.TeacherDashboardRoute })));
const AdminDashboardRoute = lazy(() => loadAdminDashboard().then((m) => ({ default: m.AdminDashboardRoute })));
const QuizPage = lazy(() => loadQuizPage().then((m) => ({ default: m.QuizPage })));
const CompetitionPage = lazy(() => loadCompetitionPage().then((m) => ({ default: m.CompetitionPage })));
const LeaderboardPage = lazy(() => loadLeaderboardPage().then((m) => ({ default: m.LeaderboardPage })));
const SubscriptionPage = lazy(() => loadSubscriptionPage().then((m) => ({ default: m.SubscriptionPage })));
const SecurityPage = lazy(() => loadSecurityPage().then((m) => ({ default: m.SecurityPage })));
const FriendsRoute = lazy(() => loadFriendsPage().then((m) => ({ default: m.FriendsRoute })));
const ProfileRoute = lazy(() => loadProfilePage().then((m) => ({ default: m.ProfileRoute })));
const NotificationsRoute = lazy(() => loadNotificationsPage().then((m) => ({ default: m.NotificationsRoute })));
const DailyChallengeRoute = lazy(() => loadDailyChallengePage().then((m) => ({ default: m.DailyChallengeRoute })));
const StudyGroupsRoute = lazy(() => loadStudyGroupsPage().then((m) => ({ default: m.StudyGroupsRoute })));
const ReviewRoute = lazy(() => loadReviewPage().then((m) => ({ default: m.ReviewRoute })));
const SpacedRepetitionRoute = lazy(() => loadSpacedRepetitionPage().then((m) => ({ default: m.SpacedRepetitionRoute })));
const StudyGuidesRoute = lazy(() => loadStudyGuidesPage().then((m) => ({ default: m.StudyGuidesRoute })));
const LiveCompetitionsRoute = lazy(() => loadLiveCompetitionsPage().then((m) => ({ default: m.LiveCompetitionsRoute })));
const LiveMatchRoute = lazy(() => loadLiveMatchPage().then((m) => ({ default: m.LiveMatchRoute })));
const OfflineRoute = lazy(() => loadOfflinePage().then((m) => ({ default: m.OfflineRoute })));
const AdaptiveRoute = lazy(() => loadAdaptivePage().then((m) => ({ default: m.AdaptiveRoute })));
const LearningStyleRoute = lazy(() => loadLearningStylePage().then((m) => ({ default: m.LearningStyleRoute })));
const StudyPlansRoute = lazy(() => loadStudyPlansPage().then((m) => ({ default: m.StudyPlansRoute })));
const ProgressReportsRoute = lazy(() => loadProgressReportsPage().then((m) => ({ default: m.ProgressReportsRoute })));
const AiTutorRoute = lazy(() => loadAiTutorPage().then((m) => ({ default: m.AiTutorRoute })));
const VideoExplanationsRoute = lazy(() => loadVideoExplanationsPage().then((m) => ({ default: m.VideoExplanationsRoute })));

/** The route table; which of these a visitor may open is decided in route-access.ts. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="auth" element={<AuthScreen />} />
        <Route path="reset-password" element={<ResetPasswordScreen />} />
        <Route path="leaderboard" element={<LeaderboardPage />} />
        <Route path="subscription" element={<SubscriptionPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="dashboard" element={<RoleHome role="student" />} />
        <Route path="parent-dashboard" element={<ParentDashboardRoute />} />
        <Route path="teacher-dashboard" element={<TeacherDashboardRoute />} />
        <Route path="admin-dashboard" element={<AdminDashboardRoute />} />
        <Route path="quiz/:subject/:level" element={<QuizPage />} />
        <Route path="competition" element={<CompetitionPage />} />
        <Route path="friends" element={<FriendsRoute />} />
        <Route path="profile" element={<ProfileRoute />} />
        <Route path="notifications" element={<NotificationsRoute />} />
        <Route path="daily-challenge/:challengeId" element={<DailyChallengeRoute />} />
        <Route path="study-groups" element={<StudyGroupsRoute />} />
        <Route path="review" element={<ReviewRoute />} />
        <Route path="spaced-repetition" element={<SpacedRepetitionRoute />} />
        <Route path="study" element={<StudyGuidesRoute />} />
        <Route path="live-competitions" element={<LiveCompetitionsRoute />} />
        <Route path="live-match/:tournamentId" element={<LiveMatchRoute />} />
        <Route path="offline" element={<OfflineRoute />} />
        <Route path="adaptive" element={<AdaptiveRoute />} />
        <Route path="learning-style" element={<LearningStyleRoute />} />
        <Route path="study-plans" element={<StudyPlansRoute />} />
        <Route path="progress-reports" element={<ProgressReportsRoute />} />
        <Route path="ai-tutor" element={<AiTutorRoute />} />
        <Route path="video-explanations" element={<VideoExplanationsRoute />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
