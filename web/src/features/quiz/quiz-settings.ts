import type { Level, Subject } from '#shared/constants.ts';
import { COMPETITION, type StartRoundRequest } from '#shared/quiz/contracts.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

/**
 * What a round is started with, read from the quiz address so a reload keeps it:
 * `/quiz/:subject/:level?focus=…&challenge=…` and, from /competition,
 * `mode=competition&count=25&time=300&progression=1`.
 */
export interface QuizSettings {
  subject: Subject;
  level: Level;
  mode: 'practice' | 'competition';
  questionCount?: number;
  timeLimitSec?: number;
  difficultyProgression: boolean;
  focus?: string;
  challengeId?: string;
}

const pick = <T extends number>(allowed: readonly T[], raw: string | null, fallback: T): T => {
  const value = Number(raw);
  return (allowed as readonly number[]).includes(value) ? (value as T) : fallback;
};

/** Unknown or out-of-range values fall back to the defaults; the server checks again. */
export function settingsFromSearch(subject: Subject, level: Level, search: URLSearchParams): QuizSettings {
  const settings: QuizSettings = { subject, level, mode: 'practice', difficultyProgression: false };
  const focus = search.get('focus');
  const challenge = search.get('challenge');
  if (focus) settings.focus = focus;
  if (challenge) settings.challengeId = challenge;
  if (search.get('mode') === 'competition') {
    settings.mode = 'competition';
    settings.questionCount = pick(COMPETITION.questionCounts, search.get('count'), COMPETITION.defaultQuestionCount);
    settings.timeLimitSec = pick(COMPETITION.timeLimitsSec, search.get('time'), COMPETITION.defaultTimeLimitSec);
    settings.difficultyProgression = search.get('progression') !== '0';
  }
  return settings;
}

export interface CompetitionChoice {
  subject: Subject;
  level: Level;
  questionCount: number;
  timeLimitSec: number;
  difficultyProgression: boolean;
}

/** The quiz address a competition starts at. */
export function competitionPath(choice: CompetitionChoice): string {
  const query = new URLSearchParams({
    mode: 'competition',
    count: String(choice.questionCount),
    time: String(choice.timeLimitSec),
    progression: choice.difficultyProgression ? '1' : '0',
  });
  return `/quiz/${choice.subject}/${choice.level}?${query.toString()}`;
}

/** The POST /api/quiz/rounds body; `retryOf` replays the questions of a finished round. */
export function startRequest(settings: QuizSettings, retryOf?: string): StartRoundRequest {
  const request: StartRoundRequest = {
    subject: settings.subject,
    level: settings.level,
    mode: settings.mode,
    difficultyProgression: settings.difficultyProgression,
    timeZone: browserTimeZone(),
  };
  if (settings.questionCount !== undefined) request.questionCount = settings.questionCount;
  if (settings.timeLimitSec !== undefined) request.timeLimitSec = settings.timeLimitSec;
  if (settings.focus) request.focus = settings.focus;
  if (settings.challengeId) request.challengeId = settings.challengeId;
  if (retryOf) request.retryOf = retryOf;
  return request;
}

/** A stable key: a new key means a new round must be started. */
export const settingsKey = (settings: QuizSettings): string => JSON.stringify(settings);
