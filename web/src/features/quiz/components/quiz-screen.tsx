import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Profile } from '#shared/api.ts';
import { ROLE_HOME } from '#shared/constants.ts';
import { hasFullAccess } from '#shared/entitlements.ts';
import type { Round } from '#shared/quiz/contracts.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { optionIndexForKey, optionLetter } from '../format.ts';
import type { QuizSettings } from '../quiz-settings.ts';
import { useBookmarks } from '../use-bookmarks.ts';
import { useQuizRound } from '../use-quiz-round.ts';
import { AnswerOptions } from './answer-options.tsx';
import { CountdownTimer, NoTimeLimit } from './countdown-timer.tsx';
import { DailyLimit } from './daily-limit.tsx';
import { PremiumLock } from './premium-lock.tsx';
import { QuestionImage } from './question-image.tsx';
import { QuizHeader } from './quiz-header.tsx';
import { ResultSummary } from './result-summary.tsx';
import { ReviewDialog, type ReviewImage, type ReviewItem } from './review-dialog.tsx';
import styles from './quiz-screen.module.css';
import { capitalise } from '@/lib/capitalise.ts';

/** The pictures of a round's image questions, by question id, for the review. */
function reviewImages(round: Round): Map<string, ReviewImage> {
  const images = new Map<string, ReviewImage>();
  for (const q of round.questions) if (q.image_url) images.set(q.id, { url: q.image_url, caption: q.image_caption });
  return images;
}

/** Keys typed into a form control, or with a modifier, are not answers. */
function isAnswerKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"]')) return false;
  return document.querySelector('dialog[open]') === null;
}

/** What a slot composed into the finished round's screens is told. */
export interface RoundSlotContext {
  roundId: string;
  subject: Round['subject'];
  level: Round['level'];
}

export interface QuizScreenProps {
  settings: QuizSettings;
  profile: Profile | null;
  /** Under each page of Review Incorrect Answers (e.g. the AI explanation, composed by the app). */
  reviewExtra?: (round: RoundSlotContext, item: ReviewItem) => ReactNode;
  /** Under Review Incorrect Answers in the result (e.g. Add to Video Library). */
  summaryExtra?: (round: RoundSlotContext) => ReactNode;
}

/**
 * The quiz screen (docs/quiz.md): loading, preparing, error or lock, the questions, then the
 * result. `profile` (the signed-in player) decides where Dashboard leads and whether wrong
 * answers can be reviewed.
 */
export function QuizScreen({ settings, profile, reviewExtra, summaryExtra }: QuizScreenProps) {
  const { state, answer, skip, timeUp, retryFinish, reload, newRound, retrySame } = useQuizRound(settings);
  const bookmarks = useBookmarks(state.round?.bookmarkedIds);
  const { clearMessage } = bookmarks;
  const [view, setView] = useState<'summary' | 'review' | 'dismissed'>('summary');
  const questionRef = useRef<HTMLHeadingElement>(null);

  const { phase, round, index, verdict, submitting, ending } = state;
  const question = round?.questions[index];
  const locked = submitting || verdict !== null || ending;
  const dashboardPath = profile ? ROLE_HOME[profile.role] : '/';
  const title = `${settings.challengeId ? 'Friend Challenge · ' : ''}${capitalise(settings.subject)} · ${capitalise(settings.level)}`;

  // A new round starts at its summary again.
  useEffect(() => {
    if (phase !== 'finished') setView('summary');
  }, [phase]);

  // Each new question takes the focus, so screen readers read it and keys start afresh.
  useEffect(() => {
    if (phase === 'playing') questionRef.current?.focus();
  }, [phase, index, round]);

  // 1–9 or A–Z choose an option (Enter on a focused option works as any button).
  useEffect(() => {
    if (phase !== 'playing' || !question) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isAnswerKey(event)) return;
      const chosen = optionIndexForKey(event.key, question.options.length);
      if (chosen === null) return;
      event.preventDefault();
      answer(question.options[chosen]!);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, question, answer]);

  // A bookmark message is about the question it was given for: gone with the next one.
  useEffect(() => clearMessage(), [question?.id, clearMessage]);

  if (phase === 'loading') return <Spinner page label="Loading quiz…" />;
  if (phase === 'preparing') return <Spinner page label="Preparing your questions…" />;
  if (phase === 'locked') return <PremiumLock message={state.error ?? ''} dashboardPath={dashboardPath} />;
  if (phase === 'limit' && state.limit) return <DailyLimit limit={state.limit} trialAvailable={!profile?.metadata.trial_started} dashboardPath={dashboardPath} />;
  if (phase === 'error' || !round || !question) {
    return (
      <div className="page page--narrow">
        <Card title="Error Loading Quiz" level={1}>
          <Alert tone="error">{state.error ?? 'Failed to fetch questions.'}</Alert>
          <div className="actions">
            <Button onClick={reload}>Retry</Button>
            {/* A challenge that cannot start (played, expired, not accepted) is explained where it is listed. */}
            {settings.challengeId ? (
              <LinkButton to="/friends?tab=challenges" variant="secondary">
                Back to Challenges
              </LinkButton>
            ) : (
              <LinkButton to={dashboardPath} variant="secondary">
                Dashboard
              </LinkButton>
            )}
          </div>
        </Card>
      </div>
    );
  }

  const total = round.questions.length;
  const finished = phase === 'finished';
  const answered = finished ? total : index + (verdict ? 1 : 0);
  const isLast = index === total - 1;
  const competition = round.mode === 'competition';
  const slotContext: RoundSlotContext = { roundId: round.roundId, subject: round.subject, level: round.level };
  const summary = state.result && (
    <ResultSummary
      result={state.result}
      timeUp={state.timeUp}
      canReview={hasFullAccess(profile ?? undefined, new Date())}
      dashboardPath={dashboardPath}
      onReview={() => setView('review')}
      onNewRound={newRound}
      onRetrySame={retrySame}
      challenge={Boolean(settings.challengeId)}
      extra={summaryExtra?.(slotContext)}
    />
  );

  return (
    <div className={styles.quiz}>
      <QuizHeader
        title={title}
        competition={competition}
        index={index}
        total={total}
        answered={answered}
        score={state.score}
        timer={
          state.deadlineAt !== null && round.deadline !== null ? (
            <CountdownTimer
              deadlineAt={state.deadlineAt}
              allowedMs={round.deadline - round.startedAt}
              multiplier={round.timeMultiplier}
              running={phase === 'playing' && !state.timeUp}
              onExpire={timeUp}
            />
          ) : (
            round.timeMultiplier === 'none' && <NoTimeLimit />
          )
        }
        bookmarked={bookmarks.isBookmarked(question.id)}
        bookmarkPending={bookmarks.pending}
        onToggleBookmark={() => void bookmarks.toggle(question.id)}
      />
      <div className={styles['quiz-bookmark-status']} role="status">
        {bookmarks.message && <p className={`${styles['quiz-bookmark-status__text']} ${styles[`quiz-bookmark-status__text--${bookmarks.message.tone}`] ?? ''}`}>{bookmarks.message.text}</p>}
      </div>

      {finished ? (
        view === 'dismissed' ? (
          <Card title="Quiz Complete!" level={2}>
            {summary}
          </Card>
        ) : (
          <Card>
            <p className="muted">Round complete.</p>
          </Card>
        )
      ) : (
        <section className={styles['quiz-question']} aria-labelledby="quiz-question-text">
          <h2 id="quiz-question-text" className={styles['quiz-question__text']} tabIndex={-1} ref={questionRef}>
            {question.question}
          </h2>
          {question.question_type === 'image' && question.image_url && <QuestionImage url={question.image_url} caption={question.image_caption} />}
          <AnswerOptions options={question.options} verdict={verdict} locked={locked} onChoose={answer} />
          <div className={styles['quiz-verdict']} role="status" aria-live="polite">
            {verdict &&
              (verdict.correct ? (
                <p className={`${styles['quiz-verdict__text']} ${styles['quiz-verdict__text--correct']}`}>
                  <span aria-hidden="true">✓ </span>Correct!
                </p>
              ) : (
                <p className={`${styles['quiz-verdict__text']} ${styles['quiz-verdict__text--incorrect']}`}>
                  <span aria-hidden="true">✗ </span>Incorrect. The answer is {verdict.correctAnswer}
                </p>
              ))}
          </div>
          {state.resumed && (
            <p className={`${styles['quiz-question__resumed']} muted`} role="status">
              Welcome back: your round goes on at question {index + 1}, with the score you had.
            </p>
          )}
          {state.timeUp && !finished && <Alert tone="info">Time is up! Getting your results…</Alert>}
          {state.notice && <Alert tone="error">{state.notice}</Alert>}
          <div className={styles['quiz-question__footer']}>
            <p className={`${styles['quiz-question__hint']} muted`}>
              Press 1–{Math.min(question.options.length, 9)} or A–{optionLetter(question.options.length - 1)} to answer.
            </p>
            {state.finish === 'failed' ? (
              <Button onClick={retryFinish}>Show Results</Button>
            ) : (
              !isLast && (
                <Button variant="secondary" aria-disabled={locked || undefined} onClick={() => !locked && skip()}>
                  Skip
                </Button>
              )
            )}
          </div>
        </section>
      )}

      <Dialog open={finished && view === 'summary'} title="Quiz Complete!" onClose={() => setView('dismissed')}>
        {summary}
      </Dialog>
      {finished && view === 'review' && (
        <ReviewDialog roundId={round.roundId} images={reviewImages(round)} onClose={() => setView('summary')} renderExtra={reviewExtra && ((item) => reviewExtra(slotContext, item))} />
      )}
    </div>
  );
}
