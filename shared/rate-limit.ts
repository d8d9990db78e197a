/** Attempt limits (docs/accounts.md), enforced by the server (and mirrored in the form for instant feedback). */
import { REPORT_MESSAGES, REPORT_SENDS_PER_DAY } from './reports/report.ts';
import { AUTH_MESSAGES } from './validation/messages.ts';

export interface RateRule {
  readonly max: number;
  readonly windowMs: number;
  readonly message: string;
  /**
   * The limits per client address, when not the default (`max` × PER_ADDRESS_FACTOR in the
   * same window): each window is counted on its own and all must allow the attempt.
   */
  readonly perAddress?: readonly AddressWindow[];
}

export interface AddressWindow {
  readonly max: number;
  readonly windowMs: number;
}

/** Per-address attempts are allowed this many times the per-e-mail limit (a school shares one address). */
export const PER_ADDRESS_FACTOR = 10;

/**
 * Sign-ups per address: a class of 35 signing up from one school address within
 * 10 minutes must all get in, so an address may make 60 in a 10-minute window (a burst) and
 * 200 in a day; a script signing up hundreds of accounts from one address is still stopped,
 * and each e-mail keeps its own limit of 3 an hour.
 */
export const SIGN_UP_PER_ADDRESS: readonly AddressWindow[] = [
  { max: 60, windowMs: 10 * 60_000 },
  { max: 200, windowMs: 24 * 60 * 60_000 },
];

export const RATE_RULES = {
  signIn: { max: 5, windowMs: 5 * 60_000, message: AUTH_MESSAGES.tooManySignIn },
  signUp: { max: 3, windowMs: 60 * 60_000, message: AUTH_MESSAGES.tooManySignUp, perAddress: SIGN_UP_PER_ADDRESS },
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
  /** Not in the spec: class codes tried per account (a code is one of about 10^12). */
  classJoin: { max: 20, windowMs: 10 * 60_000, message: 'Too many attempts. Wait a few minutes and try again.' },
  /** Not in the spec: study groups created per account per hour (510 in 6 s; the 10 kept are a count of their own). */
  groupCreate: { max: 20, windowMs: 60 * 60_000, message: 'You are creating groups too fast. Try again later.' },
} as const satisfies Record<string, RateRule>;

/** The windows an address is counted in for an action. */
export const addressWindows = (rule: RateRule): readonly AddressWindow[] => rule.perAddress ?? [{ max: rule.max * PER_ADDRESS_FACTOR, windowMs: rule.windowMs }];

export type RateAction = keyof typeof RATE_RULES;

/** The fixed window an instant falls in: attempts are counted per window. */
export function windowStart(rule: Pick<RateRule, 'windowMs'>, now: number): number {
  return now - (now % rule.windowMs);
}

/** Whether one more attempt is allowed when `count` were already made in the window. */
export function allows(rule: RateRule, count: number): boolean {
  return count < rule.max;
}
