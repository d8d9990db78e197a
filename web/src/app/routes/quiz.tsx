import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { isLevel, isSubject } from '#shared/constants.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { QuizScreen } from '@/features/quiz/components/quiz-screen.tsx';
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
  return <QuizScreen settings={settings} profile={profile} />;
}
