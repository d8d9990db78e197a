import { useState } from 'react';
import type { LinkedStudent, StudentSummary } from '#shared/parents/parents.ts';
import { PARENT_MESSAGES as M } from '#shared/parents/parents.ts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useLinkedStudents, useRemoveStudent, useSetWeeklyEmail } from '../api/parent-api.ts';
import { AddStudentDialog } from './add-student-dialog.tsx';
import styles from './parent-dashboard.module.css';

const STATUS_TEXT = { pending: 'Waiting for approval', accepted: 'Linked', declined: 'Declined' } as const;

/**
 * /parent-dashboard (docs/admin.md): the linked students with Add Student. The spec's fixed
 * 85 % and 2.5 h are the student's real average score and study time (last 7 days), with the
 * streak, recent quizzes and subject progress, shown only once the student approved the link.
 */
export function ParentDashboardPage() {
  const students = useLinkedStudents();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="page">
      <div className={styles.head}>
        <h1 className="page__title">Parent Dashboard</h1>
        <Button onClick={() => setAdding(true)}>Add Student</Button>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {students.isPending ? (
        <div aria-busy="true">
          <p role="status" className="muted">
            Loading your students…
          </p>
          <span className="skeleton" style={{ height: '12rem' }} aria-hidden="true" />
        </div>
      ) : students.isError && !students.data ? (
        <div className="widget-error">
          <p className="widget-error__title" role="alert">
            {M.fetchFailed}
          </p>
          <Button variant="secondary" onClick={() => void students.refetch()}>
            Try Again
          </Button>
        </div>
      ) : students.data.students.length === 0 ? (
        <div className="widget-empty">
          <p>
            <strong>No students linked yet.</strong>
          </p>
          <p className="muted">Add your child’s QuizQuest e-mail. They approve the request, then their scores and study time appear here.</p>
          <Button onClick={() => setAdding(true)}>Add Student</Button>
        </div>
      ) : (
        <ul className={styles.list} aria-label="Linked students">
          {students.data.students.map((student) => (
            <li key={student.student_id}>
              <StudentCard student={student} onNotice={setNotice} />
            </li>
          ))}
        </ul>
      )}
      <AddStudentDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(email) => {
          setAdding(false);
          setNotice(`Request sent to ${email}. You will see their progress once they approve it.`);
        }}
      />
    </div>
  );
}

function StudentCard({ student, onNotice }: { student: LinkedStudent; onNotice(text: string): void }) {
  const remove = useRemoveStudent();
  const weekly = useSetWeeklyEmail();
  const headingId = `student-${student.student_id}`;
  const statusClass = student.status === 'accepted' ? styles.accepted : student.status === 'declined' ? styles.declined : '';
  const [confirming, setConfirming] = useState(false);

  const onRemove = () => {
    setConfirming(false);
    remove.mutate(student.student_id, { onSuccess: () => onNotice(`${student.student_email} was removed.`) });
  };

  return (
    <section className={`card ${styles.student}`} aria-labelledby={headingId}>
      <div className={styles.studentHead}>
        <h2 id={headingId}>{student.student_email}</h2>
        <span className={`${styles.status} ${statusClass}`}>{STATUS_TEXT[student.status]}</span>
      </div>
      {student.status === 'pending' && <p className="muted">Waiting for {student.student_email} to approve your request. Nothing of their progress is shown until they do.</p>}
      {student.status === 'declined' && <p className="muted">The student declined this request. Remove it to ask again.</p>}
      {student.summary && <StudentFigures summary={student.summary} />}
      <div className={styles.footer}>
        {student.status === 'accepted' ? (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={student.weekly_email}
              disabled={weekly.isPending}
              onChange={(e) => weekly.mutate({ studentId: student.student_id, enabled: e.target.checked })}
            />
            E-mail me a weekly summary (Sundays)
          </label>
        ) : (
          <span />
        )}
        <Button variant="secondary" loading={remove.isPending} onClick={() => setConfirming(true)} aria-label={`Remove ${student.student_email}`}>
          Remove
        </Button>
      </div>
      {(remove.isError || weekly.isError) && (
        <p className="alert alert--error" role="alert">
          {remove.isError ? 'The student could not be removed. Try again.' : 'The weekly e-mail setting could not be saved. Try again.'}
        </p>
      )}
      <ConfirmDialog open={confirming} title="Remove Student" confirmLabel="Remove" onConfirm={onRemove} onCancel={() => setConfirming(false)}>
        <p>Remove {student.student_email} from your dashboard?</p>
      </ConfirmDialog>
    </section>
  );
}

function StudentFigures({ summary }: { summary: StudentSummary }) {
  return (
    <>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>Average Score</dt>
          <dd>{summary.quizzes > 0 ? `${summary.average_score}%` : '—'}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Study Time (last 7 days)</dt>
          <dd>{summary.study_hours_7d}h</dd>
        </div>
        <div className={styles.stat}>
          <dt>Streak</dt>
          <dd>
            {summary.streak} {summary.streak === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>Quizzes</dt>
          <dd>{summary.quizzes}</dd>
        </div>
      </dl>
      <div className={styles.columns}>
        <div>
          <h3>Subject progress</h3>
          <ul className={styles.subjects}>
            {summary.subjects.map((s) => (
              <li key={s.subject} className={styles.subjectRow}>
                <span>{capitalise(s.subject)}</span>
                <span
                  className={styles.bar}
                  role="progressbar"
                  aria-valuenow={s.progressPercentage}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={`${capitalise(s.subject)} progress`}
                >
                  <span className={styles.barFill} style={{ width: `${s.progressPercentage}%` }} />
                </span>
                <span className="muted">{s.totalQuizzes > 0 ? `${s.averageScore}% · ${s.totalQuizzes} ${s.totalQuizzes === 1 ? 'quiz' : 'quizzes'}` : 'Not started'}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Recent quizzes</h3>
          {summary.recent_attempts.length === 0 ? (
            <p className="muted">No quizzes yet.</p>
          ) : (
            <ul className={styles.attempts} aria-label="Recent quizzes">
              {summary.recent_attempts.map((a) => (
                <li key={a.completed_at}>
                  <span>
                    {capitalise(a.subject)} ({capitalise(a.level)})
                  </span>
                  <span>
                    <strong>
                      {a.score}/{a.total_questions}
                    </strong>{' '}
                    <span className="muted">
                      {a.percent}% · <time dateTime={a.completed_at}>{new Date(a.completed_at).toLocaleDateString()}</time>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}

