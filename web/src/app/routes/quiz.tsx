import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { isLevel, isSubject } from '#shared/constants.ts';
import { canUse } from '#shared/entitlements.ts';
import { AddToVideoLibrary } from '@/features/ai-explanations/components/add-to-video-library.tsx';
import { ExplanationPanel } from '@/features/ai-explanations/components/explanation-panel.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { QuizScreen, type QuizScreenProps } from '@/features/quiz/components/quiz-screen.tsx';
import { settingsFromSearch } from '@/features/quiz/quiz-settings.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { capitalise } from '@/lib/capitalise.ts';

/**
 * `/quiz/:subject/:level?focus=…&challenge=…` (competition: `&mode=competition&count=…&time=…&progression=1`).
 * route-access.ts has already sent unknown subjects and levels to the dashboard.
 */
export function QuizPage() {
  const { subject = '', level = '' } = useParams();
  const [search] = useSearchParams();
  const { profile } = useSession();
  const query = search.toString();
  useDocumentTitle(`${capitalise(subject)} · ${capitalise(level)}`);

  const settings = useMemo(
    () => (isSubject(subject) && isLevel(level) ? settingsFromSearch(subject, level, new URLSearchParams(query)) : null),
    [subject, level, query],
  );
  if (!settings) return null;
  // Premium video_explanations: the AI explanation under each reviewed answer, and Add to Video Library.
  const ai = canUse(profile ?? undefined, 'video_explanations', new Date());
  return <QuizScreen settings={settings} profile={profile} {...(ai ? AI_SLOTS : {})} />;
}

const AI_SLOTS: Pick<QuizScreenProps, 'reviewExtra' | 'summaryExtra'> = {
  reviewExtra: (round, item) => (
    <ExplanationPanel
      key={item.questionId}
      roundId={round.roundId}
      questionId={item.questionId}
      subject={round.subject}
      level={round.level}
      topic={item.topic}
      yourAnswer={item.yourAnswer}
      correctAnswer={item.correctAnswer}
    />
  ),
  summaryExtra: (round) => <AddToVideoLibrary roundId={round.roundId} />,
};
