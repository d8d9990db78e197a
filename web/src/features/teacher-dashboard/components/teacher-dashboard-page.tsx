import { useEffect, useId, useState, type FormEvent } from 'react';
import { CLASS_LIMITS, CLASS_MESSAGES as M, createClassSchema, inviteStudentSchema, type ClassDetail, type ScoreRow } from '#shared/classes/classes.ts';
import { LEVELS, MAX_LENGTH, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { DAY_MS, utcDate } from '#shared/dates.ts';
import { scoreTier, type ScoreTier } from '#shared/quiz/score-tier.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { EmailField, TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { capitalise } from '@/lib/capitalise.ts';
import { useClassDetail, useClasses, useCreateAssignment, useCreateClass, useDeleteClass, useInviteStudent, useRemoveClassStudent } from '../api/classes-api.ts';
import styles from './teacher-dashboard.module.css';

const SELECTED_KEY = 'quizquest.teacher.class';
const serverMessage = (error: unknown, fallback: string) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback);
const score = (value: number | null) => (value === null ? '—' : `${value}%`);
/** The spec's summary icon colours, by the score's tier. */
const TONE: Record<ScoreTier, string> = { gold: styles.gold ?? '', blue: styles.blue ?? '', neutral: '' };
const tone = (value: number | null) => (value === null ? '' : TONE[scoreTier(value)]);
const formatCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * /teacher-dashboard (docs/admin.md): the teacher's own classes in the selector (the spec's
 * Class A/B/C), the class code students join with, Add Student (an invitation they accept),
 * summary cards, the score table (geography, history, religion, overall) from real attempts,
 * and quiz assignments with who completed them.
 */
export function TeacherDashboardPage() {
  const classes = useClasses();
  const [selected, setSelected] = useState<string | null>(() => sessionStorage.getItem(SELECTED_KEY));
  const [creating, setCreating] = useState(false);
  // The class being deleted, kept apart from the selection: the dialog stays while the list drops it.
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [deletedNotice, setDeletedNotice] = useState<string | null>(null);
  const list = classes.data?.classes ?? [];
  const current = list.find((c) => c.id === selected) ?? list[0] ?? null;

  useEffect(() => {
    if (current) sessionStorage.setItem(SELECTED_KEY, current.id);
  }, [current]);

  return (
    <div className="page">
      <div className={styles.head}>
        <h1 className="page__title">Teacher Dashboard</h1>
        <Button onClick={() => setCreating(true)} disabled={list.length >= CLASS_LIMITS.maxClassesPerTeacher}>
          New Class
        </Button>
      </div>
      {deletedNotice && <Alert tone="success">{deletedNotice}</Alert>}
      {classes.isPending ? (
        <p className="muted" role="status">
          Loading your classes…
        </p>
      ) : classes.isError && !classes.data ? (
        <div className="widget-error">
          <p className="widget-error__title" role="alert">
            Your classes could not be loaded.
          </p>
          <Button variant="secondary" onClick={() => void classes.refetch()}>
            Try Again
          </Button>
        </div>
      ) : current === null ? (
        <div className="widget-empty">
          <p>
            <strong>No classes yet.</strong>
          </p>
          <p className="muted">Create a class, then give its code to your students or invite them by e-mail.</p>
          <Button onClick={() => setCreating(true)}>Create your first class</Button>
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <SelectField label="Class" value={current.id} options={list.map((c) => c.id)} optionLabel={(id) => list.find((c) => c.id === id)?.name ?? id} onChange={setSelected} />
            <p className="muted" style={{ margin: 0 }}>
              Class code: <span className={styles.code}>{formatCode(current.code)}</span>
              <br />
              Students enter it under My Classes on their dashboard.
            </p>
            <Button variant="secondary" onClick={() => setDeleting({ id: current.id, name: current.name })}>
              Delete Class
            </Button>
          </div>
          <ClassView classId={current.id} />
        </>
      )}
      {deleting && (
        <DeleteClassConfirm
          classId={deleting.id}
          name={deleting.name}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setSelected(null);
            setDeletedNotice(`${deleting.name} was deleted.`);
          }}
        />
      )}
      <CreateClassDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setSelected(id);
        }}
      />
    </div>
  );
}

function ClassView({ classId }: { classId: string }) {
  const detail = useClassDetail(classId);
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (detail.isPending) {
    return (
      <div aria-busy="true">
        <p className="muted" role="status">
          Loading the class…
        </p>
        <span className="skeleton" style={{ height: '10rem' }} aria-hidden="true" />
      </div>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <div className="widget-error">
        <p className="widget-error__title" role="alert">
          {M.fetchFailed}
        </p>
        <Button variant="secondary" onClick={() => void detail.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const data = detail.data;
  return (
    <>
      {notice && <Alert tone="success">{notice}</Alert>}
      <SummaryCards data={data} />
      <section className={styles.section} aria-labelledby="students-title">
        <div className={styles.row}>
          <h2 id="students-title">Students</h2>
          <Button onClick={() => setInviting(true)}>Add Student</Button>
        </div>
        <StudentTable classId={classId} rows={data.students} />
        {data.invited.length > 0 && <InvitedList classId={classId} invited={data.invited} />}
      </section>
      <Assignments classId={classId} data={data} />
      <InviteDialog
        classId={classId}
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          setNotice(`Invitation sent to ${email}. They join the class once they accept it.`);
        }}
      />
    </>
  );
}

function SummaryCards({ data }: { data: ClassDetail }) {
  const s = data.summary;
  return (
    <dl className={styles.summary} aria-label="Class summary">
      <div className={styles.stat}>
        <dt>Total Students</dt>
        <dd>{s.students}</dd>
      </div>
      <div className={styles.stat}>
        <dt>Average Score</dt>
        <dd className={tone(s.average_score)}>{score(s.average_score)}</dd>
      </div>
      <div className={styles.stat}>
        <dt>Active Students</dt>
        <dd>{s.active_students}</dd>
        <span className="muted" style={{ fontSize: '0.8125rem' }}>
          over {CLASS_LIMITS.activeHours} h of quizzes in the last 7 days
        </span>
      </div>
      <div className={styles.stat}>
        <dt>Quizzes Played</dt>
        <dd>{s.quizzes}</dd>
      </div>
    </dl>
  );
}

function StudentTable({ classId, rows }: { classId: string; rows: ScoreRow[] }) {
  const remove = useRemoveClassStudent(classId);
  const [removing, setRemoving] = useState<ScoreRow | null>(null);
  if (rows.length === 0) {
    return <p className="widget-empty">No students in this class yet. Share the class code or use Add Student.</p>;
  }
  const onRemove = (row: ScoreRow) => setRemoving(row);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Student scores">
      <table className={styles.table}>
        <caption className="visually-hidden">Average score per subject and overall, from each student’s finished quizzes</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {SUBJECTS.map((s) => (
              <th key={s} scope="col" className={styles.num}>
                {capitalise(s)}
              </th>
            ))}
            <th scope="col" className={styles.num}>
              Overall
            </th>
            <th scope="col" className={styles.num}>
              Study time (7 days)
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user_id}>
              <th scope="row" style={{ fontWeight: 400 }}>
                {row.email}
              </th>
              <td className={styles.num}>{score(row.geography_score)}</td>
              <td className={styles.num}>{score(row.history_score)}</td>
              <td className={styles.num}>{score(row.religion_score)}</td>
              <td className={styles.num}>
                <strong>{score(row.overall_score)}</strong>
              </td>
              <td className={styles.num}>
                {row.study_hours_7d} h{row.active && <span className={styles.active}> · active</span>}
              </td>
              <td>
                <Button variant="ghost" onClick={() => onRemove(row)} aria-label={`Remove ${row.email}`}>
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {remove.isError && (
        <p className="alert alert--error" role="alert">
          The student could not be removed. Try again.
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove Student"
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing) remove.mutate(removing.user_id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>Remove {removing?.email} from this class?</p>
      </ConfirmDialog>
    </div>
  );
}

function InvitedList({ classId, invited }: { classId: string; invited: ClassDetail['invited'] }) {
  const remove = useRemoveClassStudent(classId);
  return (
    <div>
      <h3>Invited, not yet accepted</h3>
      <ul className={styles.plain}>
        {invited.map((i) => (
          <li key={i.user_id} className={styles.row}>
            <p>{i.email}</p>
            <Button variant="ghost" onClick={() => remove.mutate(i.user_id)} aria-label={`Withdraw the invitation of ${i.email}`}>
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const todayUtc = () => utcDate(Date.now());
const inDays = (days: number) => utcDate(Date.now() + days * DAY_MS);

function Assignments({ classId, data }: { classId: string; data: ClassDetail }) {
  const create = useCreateAssignment(classId);
  const [subject, setSubject] = useState<Subject>('geography');
  const [level, setLevel] = useState<Level>('beginner');
  const [due, setDue] = useState(inDays(7));
  const dueId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ subject, level, due_date: due });
  };

  return (
    <section className={styles.section} aria-labelledby="assignments-title">
      <h2 id="assignments-title">Assignments</h2>
      <form className={styles.assignForm} onSubmit={submit} aria-label="Assign a quiz">
        <SelectField label="Subject" value={subject} options={SUBJECTS} optionLabel={capitalise} onChange={setSubject} />
        <SelectField label="Level" value={level} options={LEVELS} optionLabel={capitalise} onChange={setLevel} />
        <div className="field">
          <label className="field__label" htmlFor={dueId}>
            Due date
          </label>
          <input id={dueId} className="field__input" type="date" value={due} min={todayUtc()} required onChange={(e) => setDue(e.target.value)} />
        </div>
        <Button type="submit" loading={create.isPending} disabled={due === ''}>
          Assign Quiz
        </Button>
      </form>
      <FormMessage message={create.error ? serverMessage(create.error, 'The quiz could not be assigned. Try again.') : null} />
      {data.assignments.length === 0 ? (
        <p className="muted">No assignments yet. A student completes one by finishing a quiz of that subject and level by the due date.</p>
      ) : (
        <ul className={styles.assignments} aria-label="Assignments">
          {data.assignments.map((a) => (
            <li key={a.id} className={styles.assignment}>
              <h3>
                {capitalise(a.subject)} ({capitalise(a.level)}) · due {a.due_date}
              </h3>
              <p className="muted" style={{ margin: '0 0 0.5rem' }}>
                Completed by {a.completed.length} of {data.students.length}
              </p>
              {a.completed.length > 0 && (
                <ul className={styles.plain} aria-label={`Completed ${capitalise(a.subject)} (${capitalise(a.level)})`}>
                  {a.completed.map((c) => (
                    <li key={c.user_id} className={styles.row}>
                      <p>{c.email}</p>
                      <p>
                        <span className={styles.done}>✓ Completed</span> {c.score}/{c.total_questions} ({c.percent}%)
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateClassDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(id: string): void }) {
  return (
    <Dialog open={open} title="New Class" onClose={onClose}>
      {open && <CreateClassForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreateClassForm({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateClass();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createClassSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data.name, { onSuccess: (made) => onCreated(made.class.id) });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Class name" value={name} onChange={(e) => setName(e.target.value)} error={error} maxLength={CLASS_LIMITS.nameMax} required hint="For example: Year 7 Geography" />
      <FormMessage message={create.error ? serverMessage(create.error, 'The class could not be created. Try again.') : null} />
      <div className="actions">
        <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
          Create Class
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteClassConfirm({ classId, name, onClose, onDeleted }: { classId: string; name: string; onClose(): void; onDeleted(): void }) {
  const remove = useDeleteClass();
  return (
    <ConfirmDialog
      open
      title="Delete Class"
      confirmLabel="Delete Class"
      pending={remove.isPending}
      error={remove.error ? serverMessage(remove.error, 'The class could not be deleted. Try again.') : null}
      onConfirm={() => remove.mutate(classId, { onSuccess: onDeleted })}
      onCancel={onClose}
    >
      <p>
        Delete <strong>{name}</strong>? Its students leave it, open invitations and assignments are removed, and its code stops working. Students keep their own quiz
        results. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

function InviteDialog({ classId, open, onClose, onInvited }: { classId: string; open: boolean; onClose(): void; onInvited(email: string): void }) {
  return (
    <Dialog open={open} title="Add Student" onClose={onClose}>
      {open && <InviteForm classId={classId} onClose={onClose} onInvited={onInvited} />}
    </Dialog>
  );
}

function InviteForm({ classId, onClose, onInvited }: { classId: string; onClose(): void; onInvited(email: string): void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const invite = useInviteStudent(classId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteStudentSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(parsed.data.email, { onSuccess: () => onInvited(parsed.data.email) });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <EmailField label="Student's email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} maxLength={MAX_LENGTH.email} required hint="The student gets an invitation to accept." />
      <FormMessage message={invite.error ? serverMessage(invite.error, M.addFailed) : null} />
      <div className="actions">
        <Button type="submit" loading={invite.isPending} disabled={email.trim() === ''}>
          Send Invitation
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
