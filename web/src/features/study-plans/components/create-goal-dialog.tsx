import { useId, useState, type FormEvent } from 'react';
import { LEVELS, SUBJECTS } from '#shared/constants.ts';
import { addDays } from '#shared/dates.ts';
import { createGoalSchema, GOAL_LIMITS } from '#shared/learning/learning.ts';
import { SelectField } from '@/components/select-field.tsx';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useCreateGoal } from '../api/study-goals-api.ts';
import { localToday } from '../today.ts';
import styles from './study-plans.module.css';
import { capitalise } from '@/lib/capitalise.ts';

/** Create Study Goal: the shared schema's rules (docs/learning.md); the target date defaults to 30 days ahead (docs/learning.md). */
export function CreateGoalDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} title="Create Study Goal" onClose={onClose}>
      {open && <CreateGoalForm onClose={onClose} />}
    </Dialog>
  );
}

function CreateGoalForm({ onClose }: { onClose(): void }) {
  const id = useId();
  const [form, setForm] = useState({
    title: '',
    target_date: addDays(localToday(), GOAL_LIMITS.defaultDaysAhead),
    daily_minutes: String(GOAL_LIMITS.minutesDefault),
    weekly_quizzes: String(GOAL_LIMITS.quizzesDefault),
    subject: 'geography',
    level: 'beginner',
    description: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateGoal();
  const parsed = createGoalSchema.safeParse({ ...form, daily_minutes: Number(form.daily_minutes), weekly_quizzes: Number(form.weekly_quizzes) });
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const serverFields = isApiError(create.error) ? create.error.fields : {};
  const shown = (field: string) => (submitted ? (errors[field] ?? serverFields[field]) : serverFields[field]);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success || create.isPending) return;
    create.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create Study Goal">
      <TextField label="Title" value={form.title} onChange={(e) => set('title')(e.target.value)} error={shown('title')} maxLength={GOAL_LIMITS.titleMax} required />
      <TextField
        label="Target date"
        type="date"
        min={addDays(localToday(), -GOAL_LIMITS.pastDaysAllowed)}
        max={addDays(localToday(), GOAL_LIMITS.maxDaysAhead)}
        value={form.target_date}
        onChange={(e) => set('target_date')(e.target.value)}
        error={shown('target_date')}
        required
      />
      <div className={styles.row}>
        <TextField
          label="Minutes per day"
          type="number"
          min={GOAL_LIMITS.minutesMin}
          max={GOAL_LIMITS.minutesMax}
          value={form.daily_minutes}
          onChange={(e) => set('daily_minutes')(e.target.value)}
          error={shown('daily_minutes')}
          hint={`${GOAL_LIMITS.minutesMin} to ${GOAL_LIMITS.minutesMax}`}
        />
        <TextField
          label="Quizzes per week"
          type="number"
          min={GOAL_LIMITS.quizzesMin}
          max={GOAL_LIMITS.quizzesMax}
          value={form.weekly_quizzes}
          onChange={(e) => set('weekly_quizzes')(e.target.value)}
          error={shown('weekly_quizzes')}
          hint={`${GOAL_LIMITS.quizzesMin} to ${GOAL_LIMITS.quizzesMax}`}
        />
      </div>
      <div className={styles.row}>
        <SelectField label="Subject" value={form.subject} options={SUBJECTS} optionLabel={capitalise} onChange={set('subject')} />
        <SelectField label="Level" value={form.level} options={LEVELS} optionLabel={capitalise} onChange={set('level')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          Description (optional)
        </label>
        <textarea id={`${id}-description`} className={`field__input ${styles.textarea}`} rows={3} maxLength={GOAL_LIMITS.descriptionMax} value={form.description} onChange={(e) => set('description')(e.target.value)} />
      </div>
      <FormMessage message={!create.isError ? null : !isApiError(create.error) ? 'The goal could not be saved. Try again.' : Object.keys(create.error.fields).length ? null : create.error.message} />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create Goal
        </Button>
      </div>
    </form>
  );
}
