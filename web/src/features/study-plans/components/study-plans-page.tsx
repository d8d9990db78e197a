import { countOf } from '#shared/text/counts.ts';
import { useState } from 'react';
import { daysRemaining, daysText, goalAdvice, goalBorder, type StudyGoal } from '#shared/learning/learning.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { CheckCircleIcon, LockIcon, TargetIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useDeleteGoal, useStepGoal, useStudyGoals } from '../api/study-goals-api.ts';
import { localToday } from '../today.ts';
import { CreateGoalDialog } from './create-goal-dialog.tsx';
import styles from './study-plans.module.css';
import { capitalise } from '@/lib/capitalise.ts';

/** Shown instead of the page to accounts without custom_study_plans. */
export function StudyPlansUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2>Custom study plans are part of Premium</h2>
      <p className="muted">Set study goals with a target date, daily minutes and weekly quizzes, and watch them fill up as you play.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

/**
 * /study-plans: goal cards in two columns with progress, days text, advice, Update Progress
 * and delete; the empty state; Create Goal (docs/learning.md). Action errors are ignored (docs/learning.md):
 * the list is read again either way.
 */
export function StudyPlansPage() {
  const goals = useStudyGoals();
  const [creating, setCreating] = useState(false);
  const today = localToday();
  return (
    <div className={`page ${styles.page}`}>
      <div className={styles.header}>
        <div>
          <h1 className="page__title">Custom Study Plans</h1>
          <p className="muted">Create personalized learning goals and track your progress</p>
        </div>
        <div className={styles.headerActions}>
          <LinkButton to="/dashboard" variant="secondary">
            Back to Dashboard
          </LinkButton>
          <Button onClick={() => setCreating(true)}>Create Goal</Button>
        </div>
      </div>
      {goals.isPending ? (
        <Spinner label="Loading your study goals" />
      ) : (goals.data?.goals.length ?? 0) === 0 ? (
        <section className={`card ${styles.empty}`}>
          <TargetIcon size={32} />
          <h2>No Study Goals Yet</h2>
          <p className="muted">Set a goal for a subject and level; quizzes you play there move it forward.</p>
          <Button onClick={() => setCreating(true)}>Create Your First Goal</Button>
        </section>
      ) : (
        <ul className={styles.grid}>
          {goals.data!.goals.map((goal) => (
            <GoalCard key={goal.id} goal={goal} today={today} />
          ))}
        </ul>
      )}
      <CreateGoalDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function GoalCard({ goal, today }: { goal: StudyGoal; today: string }) {
  const step = useStepGoal();
  const remove = useDeleteGoal();
  const [details, setDetails] = useState(false);
  const days = daysRemaining(goal.target_date, today);
  const border = goalBorder(goal.completed, days);
  return (
    <li className={`card ${styles.goal} ${styles[`goal--${border}`] ?? ''}`} data-testid="study-goal" data-border={border}>
      <div className={styles.goalHead}>
        <h2 className={styles.goalTitle}>
          {goal.completed && (
            <span className={styles.done} aria-label="Completed">
              <CheckCircleIcon size={20} />
            </span>
          )}
          {goal.title}
        </h2>
        <Button variant="ghost" onClick={() => remove.mutate(goal, { onError: () => undefined })} disabled={remove.isPending} aria-label={`Delete ${goal.title}`}>
          Delete
        </Button>
      </div>
      {goal.description && <p className="muted">{goal.description}</p>}
      <div className={styles.progressRow}>
        <progress className={styles.bar} max={100} value={goal.progress} aria-label={`${goal.title} progress`} />
        <span data-testid="goal-progress">{goal.progress}%</span>
      </div>
      <p className={styles.meta}>
        <span>
          {capitalise(goal.subject)} - {capitalise(goal.level)}
        </span>
        <span data-testid="goal-days">{daysText(days)}</span>
        <span>{goal.daily_minutes} min/day</span>
        <span>{countOf(goal.weekly_quizzes, 'quiz')}/week</span>
      </p>
      <h3 className={styles.adviceTitle}>Recommended actions</h3>
      <ul className={styles.advice} data-testid="goal-advice">
        {goalAdvice(goal.progress, days, goal.subject).map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {details && (
        <p className="muted">
          Target date {goal.target_date} · created {goal.created_at.slice(0, 10)} · quizzes in {capitalise(goal.subject)} {capitalise(goal.level)} add 10 points each.
        </p>
      )}
      <div className={styles.goalActions}>
        <Button onClick={() => step.mutate(goal, { onError: () => undefined })} disabled={goal.completed} loading={step.isPending}>
          Update Progress
        </Button>
        <Button variant="secondary" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
          View Details
        </Button>
      </div>
    </li>
  );
}
