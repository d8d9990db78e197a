import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Round } from '#shared/quiz/contracts.ts';
import type { DailyChallenge, DailyProgress } from '#shared/social/daily-challenge.ts';
import { isApiError } from '@/lib/api-client.ts';
import { invalidateAll } from '@/lib/query/create-query-client.ts';
import { AFTER_ROUND, QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { answerDailyQuestion, startDailyChallenge, useDailyChallenge } from './api/daily-api.ts';

/** Where any load error sends the player (docs/social.md). */
export const LOAD_ERROR_TARGET = '/dashboard';

/** What finishing the day changes: the round's own effects, the daily card, and the boards its points count on. */
const AFTER_DAILY = [...AFTER_ROUND, [QUERY_ROOTS.daily], [QUERY_ROOTS.leaderboard], [QUERY_ROOTS.friendLeaderboard]] as const;

export interface Feedback {
  correct: boolean;
  correctAnswer: string;
}

export type DailyPlayState =
  | { phase: 'loading' }
  | { phase: 'playing'; challenge: DailyChallenge; round: Round; index: number; bonusPoints: number }
  | { phase: 'finishing' }
  | { phase: 'complete'; challenge: DailyChallenge; progress: DailyProgress };

/**
 * The daily challenge's play (docs/social.md): the challenge and the caller's progress are
 * loaded, the day's round started (or resumed where a reload left it), each answer graded by
 * the server and followed by the next question; the last one completes the day on the server,
 * and the completion comes back with the challenge's progress. A load error goes to the dashboard.
 */
export function useDailyPlay(challengeId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = useMemo(browserTimeZone, []);
  const challengeQuery = useDailyChallenge(challengeId);
  const [play, setPlay] = useState<{ round: Round; index: number; bonusPoints: number } | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const startRequested = useRef(false);

  const start = useMutation({ mutationFn: () => startDailyChallenge(challengeId, timeZone) });
  const answer = useMutation({ mutationFn: ({ roundId, ...body }: { roundId: string; questionId: string; answer: string }) => answerDailyQuestion(roundId, body) });

  const data = challengeQuery.data;
  const completed = data?.progress?.completed === true;
  const leave = useCallback(() => navigate(LOAD_ERROR_TARGET, { replace: true }), [navigate]);

  useEffect(() => {
    if (challengeQuery.isError && !data) leave();
  }, [challengeQuery.isError, data, leave]);

  // Started once per visit (a second start would only resume the same round).
  useEffect(() => {
    if (!data?.challenge || completed || startRequested.current) return;
    startRequested.current = true;
    start.mutate(undefined, {
      onSuccess: (started) => setPlay({ round: started.round, index: Math.min(started.answered, started.round.questions.length - 1), bonusPoints: started.bonus_points }),
      // The day was completed elsewhere meanwhile: the refetched progress shows its completion.
      onError: (error) => (isApiError(error) && error.code === 'daily_completed' ? void challengeQuery.refetch() : leave()),
    });
  }, [data, completed, start, leave, challengeQuery]);

  const choose = useCallback(
    (option: string) => {
      if (!play || answer.isPending || finishing) return;
      const question = play.round.questions[play.index];
      if (!question) return;
      setNotice(null);
      answer.mutate(
        { roundId: play.round.roundId, questionId: question.id, answer: option },
        {
          onSuccess: async (graded) => {
            setFeedback({ correct: graded.correct, correctAnswer: graded.correctAnswer });
            if (!graded.finished) {
              setPlay({ ...play, index: play.index + 1 });
              return;
            }
            setFinishing(true);
            await invalidateAll(queryClient, AFTER_DAILY);
            setFinishing(false);
          },
          onError: (error) => {
            // Answered already (another tab) or finished meanwhile: the stored progress decides what to show.
            if (isApiError(error) && error.status === 409) {
              void invalidateAll(queryClient, AFTER_DAILY).then(() => {
                startRequested.current = false;
                setPlay(null);
              });
              return;
            }
            setNotice(isApiError(error) ? error.message : 'Your answer could not be sent. Please try again.');
          },
        },
      );
    },
    [play, answer, finishing, queryClient],
  );

  let state: DailyPlayState = { phase: 'loading' };
  if (data?.challenge && completed && data.progress) state = { phase: 'complete', challenge: data.challenge, progress: data.progress };
  else if (finishing) state = { phase: 'finishing' };
  else if (data?.challenge && play) state = { phase: 'playing', challenge: data.challenge, round: play.round, index: play.index, bonusPoints: play.bonusPoints };

  return { state, choose, submitting: answer.isPending, feedback, notice };
}
