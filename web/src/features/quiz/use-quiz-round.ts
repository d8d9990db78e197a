import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Round, RoundResult } from '#shared/quiz/contracts.ts';
import { isApiError } from '@/lib/api-client.ts';
import { dailyLimitOf, isPremiumLock, loadErrorMessage, type DailyLimitReached } from './load-error.ts';
import { startRequest, type QuizSettings } from './quiz-settings.ts';
import { sleep } from './retry.ts';
import { useRoundMutations } from './use-round-mutations.ts';

/** How long the chosen and the correct option stay marked before the next question. */
export const VERDICT_MS = 1_200;
/** The brief Preparing your questions… step (the first image is fetched meanwhile). */
export const PREPARE_MS = 500;

export type QuizPhase = 'loading' | 'preparing' | 'error' | 'locked' | 'limit' | 'playing' | 'finished';

export interface Verdict {
  questionId: string;
  chosen: string;
  correct: boolean;
  correctAnswer: string;
}

export interface QuizState {
  phase: QuizPhase;
  round: Round | null;
  index: number;
  score: number;
  /** An answer is on its way: every answer is locked. */
  submitting: boolean;
  verdict: Verdict | null;
  /** A problem with one answer, shown above the options; the round goes on. */
  notice: string | null;
  /** The Error Loading Quiz message, or the premium lock text. */
  error: string | null;
  /** Today's free rounds are played (the limit page, not an error). */
  limit: DailyLimitReached | null;
  /** A round in play was resumed (after a reload, from another tab): said until the next answer. */
  resumed: boolean;
  result: RoundResult | null;
  /** The competition deadline on this browser's clock. */
  deadlineAt: number | null;
  /** The timer reached 0, or the server says the round is over: no more answers. */
  ending: boolean;
  timeUp: boolean;
  finish: 'idle' | 'running' | 'failed';
}

type Action =
  | { type: 'load' }
  | { type: 'prepare'; round: Round; receivedAt: number }
  | { type: 'ready' }
  | { type: 'fail'; message: string }
  | { type: 'lock'; message: string }
  | { type: 'limit'; limit: DailyLimitReached }
  | { type: 'submit' }
  | { type: 'verdict'; verdict: Verdict; score: number }
  | { type: 'advance'; score?: number; notice?: string }
  | { type: 'notice'; message: string }
  | { type: 'end'; timeUp: boolean }
  | { type: 'finish'; status: QuizState['finish']; notice?: string | null }
  | { type: 'finished'; result: RoundResult };

const initial: QuizState = {
  phase: 'loading',
  round: null,
  index: 0,
  score: 0,
  submitting: false,
  verdict: null,
  notice: null,
  error: null,
  limit: null,
  resumed: false,
  result: null,
  deadlineAt: null,
  ending: false,
  timeUp: false,
  finish: 'idle',
};

function reduce(state: QuizState, action: Action): QuizState {
  switch (action.type) {
    case 'load':
      return initial;
    case 'prepare': {
      const { round, receivedAt } = action;
      // The time left by the server's clock, counted from when the round arrived here (clocks may
      // differ): a resumed round keeps its deadline rather than starting the clock again.
      const deadlineAt = round.deadline === null ? null : receivedAt + (round.deadline - (round.serverNow ?? round.startedAt));
      // A resumed round goes on at its next question with its score so far.
      const index = Math.min(round.answered ?? 0, Math.max(round.questions.length - 1, 0));
      return { ...initial, phase: 'preparing', round, deadlineAt, index, score: round.score ?? 0, resumed: (round.answered ?? 0) > 0 };
    }
    case 'ready':
      return { ...state, phase: 'playing' };
    case 'fail':
      return { ...initial, phase: 'error', error: action.message };
    case 'lock':
      return { ...initial, phase: 'locked', error: action.message };
    case 'limit':
      return { ...initial, phase: 'limit', limit: action.limit };
    case 'submit':
      return { ...state, submitting: true, notice: null, resumed: false };
    case 'verdict':
      return { ...state, submitting: false, verdict: action.verdict, score: action.score };
    case 'advance': {
      const last = (state.round?.questions.length ?? 1) - 1;
      return {
        ...state,
        submitting: false,
        verdict: null,
        index: Math.min(state.index + 1, last),
        score: action.score ?? state.score,
        notice: action.notice ?? null,
      };
    }
    case 'notice':
      return { ...state, submitting: false, verdict: null, notice: action.message };
    case 'end':
      return { ...state, submitting: false, ending: true, timeUp: state.timeUp || action.timeUp };
    case 'finish':
      return { ...state, finish: action.status, notice: action.notice === undefined ? state.notice : action.notice };
    case 'finished':
      return { ...state, phase: 'finished', submitting: false, verdict: null, result: action.result, score: action.result.score, finish: 'idle', ending: true };
  }
}

function preloadImage(url: string | null | undefined): Promise<void> {
  if (!url) return Promise.resolve();
  const image = new Image();
  image.src = url;
  // A slow or broken image must not hold the round back.
  return Promise.race([image.decode().catch(() => undefined), sleep(3_000)]);
}

const failureMessage = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * One quiz round (docs/quiz.md): start (with retries), prepare, answer in order with the
 * verdict shown for a moment, skip, end on time-out, then the result. Everything is
 * graded and scored by the server (useRoundMutations); this keeps only what the screen shows.
 */
export function useQuizRound(settings: QuizSettings) {
  const [state, dispatch] = useReducer(reduce, initial);
  const [request, setRequest] = useState<{ retryOf?: string }>({});
  const { startRound, submitAnswer, finishRound } = useRoundMutations();
  const stateRef = useRef(state);
  stateRef.current = state;
  /**
   * The round on screen's lifetime, aborted by every new load and by unmount: its calls
   * and retries stop, and late answers of an old round are dropped (`signal.aborted`).
   */
  const lifetime = useRef(new AbortController());
  /** Synchronous lock: a double click must not send two answers. */
  const busy = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    lifetime.current = controller;
    busy.current = false;
    dispatch({ type: 'load' });
    const body = startRequest(settings, request.retryOf);
    // Deferred a tick, so a mount-unmount-mount (React's StrictMode) starts one round, not two.
    const timer = setTimeout(async () => {
      try {
        const round = await startRound({ body, signal });
        if (signal.aborted) return;
        dispatch({ type: 'prepare', round, receivedAt: Date.now() });
        await Promise.all([sleep(PREPARE_MS, signal), preloadImage(round.questions[0]?.image_url)]);
        if (!signal.aborted) dispatch({ type: 'ready' });
      } catch (error) {
        if (signal.aborted) return;
        const limit = dailyLimitOf(error);
        if (limit) dispatch({ type: 'limit', limit });
        else dispatch(isPremiumLock(error) ? { type: 'lock', message: loadErrorMessage(error) } : { type: 'fail', message: loadErrorMessage(error) });
      }
    }, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [settings, request, startRound]);

  const send = useCallback(async (choice: string | null) => {
    const s = stateRef.current;
    const question = s.round?.questions[s.index];
    if (!s.round || !question || s.phase !== 'playing' || busy.current || s.verdict || s.ending) return;
    const isLast = s.index === s.round.questions.length - 1;
    if (choice === null && isLast) return;

    const { signal } = lifetime.current;
    busy.current = true;
    dispatch({ type: 'submit' });
    if (choice !== null) navigator.vibrate?.(50);
    try {
      const body = choice === null ? { questionId: question.id, skip: true as const } : { questionId: question.id, answer: choice };
      const response = await submitAnswer({ roundId: s.round.roundId, body });
      if (signal.aborted) return;
      if (choice !== null) {
        dispatch({ type: 'verdict', score: response.score, verdict: { questionId: question.id, chosen: choice, correct: response.correct, correctAnswer: response.correctAnswer } });
        await sleep(VERDICT_MS);
        if (signal.aborted) return;
      }
      dispatch(response.result ? { type: 'finished', result: response.result } : { type: 'advance', score: response.score });
    } catch (error) {
      if (signal.aborted) return;
      // A round opened before the limit was reached, first answered after (another tab played meanwhile).
      const limit = dailyLimitOf(error);
      if (limit) return dispatch({ type: 'limit', limit });
      // Left unfinished too long: the server has ended it; Retry starts a new one.
      if (isApiError(error) && error.code === 'round_expired') return dispatch({ type: 'fail', message: error.message });
      if (isApiError(error) && error.status === 409) {
        // Already answered (e.g. a retried request that had arrived): move on; on the last
        // question, or when time is up or the round is over, fetch the result.
        if (error.code === 'out_of_order' && !isLast) dispatch({ type: 'advance', notice: error.message });
        else dispatch({ type: 'end', timeUp: error.code === 'time_up' });
      } else {
        dispatch({ type: 'notice', message: failureMessage(error, 'Your answer could not be sent. Please try again.') });
      }
    } finally {
      if (!signal.aborted) busy.current = false;
    }
  }, [submitAnswer]);

  // Ending: once no answer is in flight, ask the server for the result.
  const { phase, ending, submitting, verdict, finish, round } = state;
  useEffect(() => {
    if (phase !== 'playing' || !ending || submitting || verdict || finish !== 'idle' || !round) return;
    const { signal } = lifetime.current;
    dispatch({ type: 'finish', status: 'running' });
    // Retried while the server still sees time left or cannot be reached (retryFinish).
    finishRound({ roundId: round.roundId, signal }).then(
      ({ result }) => {
        if (!signal.aborted) dispatch({ type: 'finished', result });
      },
      (error: unknown) => {
        if (!signal.aborted) dispatch({ type: 'finish', status: 'failed', notice: failureMessage(error, 'Your result could not be loaded. Please try again.') });
      },
    );
  }, [phase, ending, submitting, verdict, finish, round, finishRound]);

  const answer = useCallback((option: string) => void send(option), [send]);
  const skip = useCallback(() => void send(null), [send]);
  const timeUp = useCallback(() => {
    if (stateRef.current.phase === 'playing' && !stateRef.current.timeUp) dispatch({ type: 'end', timeUp: true });
  }, []);
  /** After a failed finish: try fetching the result again. */
  const retryFinish = useCallback(() => dispatch({ type: 'finish', status: 'idle', notice: null }), []);
  /** Error Loading Quiz → Retry: the same request again. */
  const reload = useCallback(() => setRequest((previous) => ({ ...previous })), []);
  /** Try New Questions: a fresh draw with the same settings. */
  const newRound = useCallback(() => setRequest({}), []);
  /** Retry Same Questions: the finished round's questions again, from the start. */
  const retrySame = useCallback(() => {
    const roundId = stateRef.current.round?.roundId;
    setRequest(roundId ? { retryOf: roundId } : {});
  }, []);

  return { state, answer, skip, timeUp, retryFinish, reload, newRound, retrySame };
}
