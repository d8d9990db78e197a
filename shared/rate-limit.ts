/** Attempt limits of 1-core §5, enforced by the server (and mirrored in the form for instant feedback). */
import { REPORT_MESSAGES, REPORT_SENDS_PER_DAY } from './reports/report.ts';
import { AUTH_MESSAGES } from './validation/messages.ts';

export interface RateRule {
  readonly max: number;
  readonly windowMs: number;
  readonly message: string;
}

export const RATE_RULES = {
  signIn: { max: 5, windowMs: 5 * 60_000, message: AUTH_MESSAGES.tooManySignIn },
  signUp: { max: 3, windowMs: 60 * 60_000, message: AUTH_MESSAGES.tooManySignUp },
  /** Not in the spec; reset requests send e-mail, so they are bounded like sign-up. */
  passwordReset: { max: 3, windowMs: 60 * 60_000, message: AUTH_MESSAGES.tooManySignUp },
  /** Not in the spec: a study group's chat, per account (a burst of 20 in 10 s, then wait). */
  groupChat: { max: 20, windowMs: 10_000, message: 'You are sending messages too fast. Wait a few seconds and try again.' },
  /** Not in the spec: progress reports e-mailed per account per UTC day (shared/reports/report.ts). */
  reportSend: { max: REPORT_SENDS_PER_DAY, windowMs: 24 * 60 * 60_000, message: REPORT_MESSAGES.tooManySends },
  /** Not in the spec: offline packs carry the answer key, so downloads are counted per account (9 packs fill the grid). */
  offlineDownload: { max: 20, windowMs: 10 * 60_000, message: 'Too many downloads. Wait a few minutes and try again.' },
  /** Not in the spec: new AI explanations generated per account (cache hits are free; a round has at most 35 wrong answers). */
  explanationGenerate: { max: 60, windowMs: 60 * 60_000, message: 'Too many new explanations in a short time. Wait a few minutes and try again.' },
} as const satisfies Record<string, RateRule>;

export type RateAction = keyof typeof RATE_RULES;

/** The fixed window an instant falls in: attempts are counted per window. */
export function windowStart(rule: RateRule, now: number): number {
  return now - (now % rule.windowMs);
}

/** Whether one more attempt is allowed when `count` were already made in the window. */
export function allows(rule: RateRule, count: number): boolean {
  return count < rule.max;
}
