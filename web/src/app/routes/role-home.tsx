import type { Role } from '#shared/constants.ts';
import { Card } from '@/components/card.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { StudentDashboard } from '@/features/progress/components/student-dashboard.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ROLE_LABEL } from '../layout/role-labels.ts';

const NEXT: Record<Exclude<Role, 'student'>, string> = {
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
  if (role === 'student') return <StudentDashboard profile={profile} title={title} />;

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
