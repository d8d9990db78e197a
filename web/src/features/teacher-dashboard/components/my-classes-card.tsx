import { useId, useState, type FormEvent } from 'react';
import { CODE_LENGTH, joinClassSchema } from '#shared/classes/classes.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { capitalise } from '@/lib/capitalise.ts';
import { useJoinClass, useMyClasses, useRespondToInvitation } from '../api/classes-api.ts';
import styles from './teacher-dashboard.module.css';

/**
 * My Classes on the student dashboard: join a class with its code, answer a
 * teacher's invitation, and the class assignments with Start (the quiz route) until done.
 */
export function MyClassesCard() {
  const mine = useMyClasses();
  const join = useJoinClass();
  const respond = useRespondToInvitation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [joined, setJoined] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = joinClassSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    join.mutate(parsed.data.code, {
      onSuccess: (result) => {
        setCode('');
        setJoined(`You joined ${result.class.name}.`);
      },
    });
  };
  const joinError = join.error ? (isApiError(join.error) && join.error.status > 0 && join.error.status < 500 ? join.error.message : 'Joining failed. Try again.') : null;
  const data = mine.data;
  const titleId = useId();

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 className="card__title" id={titleId}>
        My Classes
      </h2>
      {mine.isPending ? (
        <p className="muted" role="status">
          Loading your classes…
        </p>
      ) : !data ? (
        <div className="widget-error">
          <p className="widget-error__title" role="alert">
            Your classes could not be loaded.
          </p>
          <Button variant="secondary" onClick={() => void mine.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className={styles.section}>
          {data.invitations.length > 0 && (
            <ul className={styles.plain} aria-label="Class invitations">
              {data.invitations.map((i) => (
                <li key={i.class_id} className={styles.row}>
                  <p>
                    <strong>{i.teacher_email}</strong> invited you to <strong>{i.class_name}</strong>
                  </p>
                  <div className="actions">
                    <Button onClick={() => respond.mutate({ classId: i.class_id, accept: true })} aria-label={`Accept the invitation to ${i.class_name}`}>
                      Accept
                    </Button>
                    <Button variant="secondary" onClick={() => respond.mutate({ classId: i.class_id, accept: false })} aria-label={`Decline the invitation to ${i.class_name}`}>
                      Decline
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {data.classes.length > 0 && (
            <p className="muted" style={{ margin: 0 }}>
              Your classes: {data.classes.map((c) => `${c.name} (${c.teacher_email})`).join(', ')}
            </p>
          )}
          {data.assignments.length > 0 ? (
            <ul className={styles.assignments} aria-label="Assignments">
              {data.assignments.map((a) => (
                <li key={a.id} className={`${styles.assignment} ${styles.row}`}>
                  <div>
                    <h3>
                      {capitalise(a.subject)} ({capitalise(a.level)})
                    </h3>
                    <p className="muted">
                      {a.class_name} · due {a.due_date}
                    </p>
                  </div>
                  {a.completed ? (
                    <p className={styles.done}>✓ Completed ({a.percent}%)</p>
                  ) : a.overdue ? (
                    <p className={styles.overdue}>Overdue</p>
                  ) : (
                    <LinkButton to={`/quiz/${a.subject}/${a.level}`} aria-label={`Start ${capitalise(a.subject)} (${capitalise(a.level)})`}>
                      Start
                    </LinkButton>
                  )}
                </li>
              ))}
            </ul>
          ) : data.classes.length > 0 ? (
            <p className="muted">No assignments right now.</p>
          ) : data.invitations.length === 0 ? (
            <p className="muted">You are not in a class yet. Enter the code your teacher gave you.</p>
          ) : null}
        </div>
      )}
      {/* The join field is there from the start (nothing moves when the lists arrive). */}
      <div className={styles.section} style={{ marginTop: '0.75rem', marginBottom: 0 }}>
        <form className={styles.assignForm} onSubmit={submit} noValidate aria-label="Join a class">
          <TextField
            label="Class code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setJoined(null);
            }}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={CODE_LENGTH + 4}
            placeholder="ABCD-EFGH"
          />
          <Button type="submit" loading={join.isPending} disabled={code.trim() === ''}>
            Join Class
          </Button>
        </form>
        <FormMessage message={joinError} />
        {joined && <FormMessage tone="success" message={joined} />}
        {respond.isError && (
          <p className="alert alert--error" role="alert">
            That did not work. Try again.
          </p>
        )}
      </div>
    </section>
  );
}
