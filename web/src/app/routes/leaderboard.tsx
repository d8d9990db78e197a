import { LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/leaderboard`: public, and honest that rankings need scored quizzes first. */
export function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  return (
    <div className="page page--narrow">
      <Card title="Leaderboard" level={1}>
        <p>The leaderboard opens with the quiz engine. Once quizzes are scored, the top players appear here.</p>
        <div className="actions">
          <LinkButton to="/" variant="secondary">
            Back to Home
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}
