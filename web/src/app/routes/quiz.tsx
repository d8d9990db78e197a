import { useParams } from 'react-router-dom';
import { ROLE_HOME } from '#shared/constants.ts';
import { LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `/quiz/:subject/:level`. The address and its redirect rule exist now (route-access.ts
 * checks subject and level); playing a quiz arrives with the quiz engine.
 */
export function QuizPage() {
  const { subject = '', level = '' } = useParams();
  const { profile } = useSession();
  const title = `${capitalise(subject)} · ${capitalise(level)}`;
  useDocumentTitle(title);

  return (
    <div className="page page--narrow">
      <Card title={title} level={1}>
        <p>Quiz play arrives with the quiz engine, the next part of QuizQuest to be built. Nothing is scored on this page yet.</p>
        <div className="actions">
          <LinkButton to={profile ? ROLE_HOME[profile.role] : '/'}>Back to Dashboard</LinkButton>
        </div>
      </Card>
    </div>
  );
}
