import type { Role } from '#shared/constants.ts';
import { Card } from '@/components/card.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ROLE_LABEL } from '../layout/role-labels.ts';

const NEXT: Record<Role, string> = {
  student:
    'Your quizzes, subject progress, achievements, streaks and insights will appear here as they are built, starting with the quiz engine.',
  parent: "Following your child's progress will appear here in an upcoming release.",
  teacher: 'Your classes and their progress reports will appear here in an upcoming release.',
  admin: 'User management and the system status overview will appear here in an upcoming release.',
};

/** The role homes (/dashboard, /parent-dashboard, /teacher-dashboard, /admin-dashboard); access is checked before. */
export function RoleHome({ role }: { role: Role }) {
  const { profile } = useSession();
  const title = role === 'student' ? 'Student Dashboard' : `${ROLE_LABEL[role]} Dashboard`;
  useDocumentTitle(title);
  if (!profile) return null;

  const plan = profile.subscription_status === 'premium' ? 'Premium' : profile.metadata.trial_active ? 'Premium trial' : 'Free';

  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <div className="grid">
        <Card title="Your account">
          <dl className="details">
            <dt>Email</dt>
            <dd>{profile.email}</dd>
            <dt>Role</dt>
            <dd>{ROLE_LABEL[profile.role]}</dd>
            <dt>Plan</dt>
            <dd>{plan}</dd>
          </dl>
        </Card>
        <Card title="Coming next">
          <p>{NEXT[role]}</p>
        </Card>
      </div>
    </div>
  );
}
