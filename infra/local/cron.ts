/**
 * EventBridge Scheduler's cron expressions, `cron(minutes hours day-of-month month
 * day-of-week year)`, evaluated in UTC: the local scheduler computes fire times from the
 * very strings that the CDK schedules stack hands to AWS (events/schedules.ts).
 *
 * Supported, as AWS defines them: `*`, single values, ranges `a-b`, lists `a,b`, steps
 * `*` `/n`, `a/n` and `a-b/n` (not in day-of-week), month names JAN–DEC, day names SUN–SAT
 * (1 = Sunday … 7 = Saturday), years 1970–2199, and `?` in exactly one of day-of-month and
 * day-of-week. AWS's `L`, `W` and `#` are refused with a clear error rather than
 * approximated, so the table cannot hold an expression the two hosts would read apart.
 */
export interface CronSchedule {
  readonly expression: string;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  /** Undefined when the field is `?`. */
  readonly daysOfMonth?: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  /** 1 = Sunday … 7 = Saturday; undefined when the field is `?`. */
  readonly daysOfWeek?: ReadonlySet<number>;
  readonly years: ReadonlySet<number>;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const FIRST_YEAR = 1970;
const LAST_YEAR = 2199;

interface Field {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly names?: readonly string[];
  readonly steps: boolean;
}

const FIELDS = {
  minutes: { name: 'minutes', min: 0, max: 59, steps: true },
  hours: { name: 'hours', min: 0, max: 23, steps: true },
  daysOfMonth: { name: 'day-of-month', min: 1, max: 31, steps: true },
  months: { name: 'month', min: 1, max: 12, names: MONTHS, steps: true },
  daysOfWeek: { name: 'day-of-week', min: 1, max: 7, names: DAYS, steps: false },
  years: { name: 'year', min: FIRST_YEAR, max: LAST_YEAR, steps: true },
} satisfies Record<string, Field>;

export class CronError extends Error {
  constructor(expression: string, problem: string) {
    super(`Invalid cron expression "${expression}": ${problem}`);
    this.name = 'CronError';
  }
}

export function parseCron(expression: string): CronSchedule {
  const inner = /^cron\((.*)\)$/.exec(expression.trim())?.[1];
  if (inner === undefined) throw new CronError(expression, 'write it as cron(minutes hours day-of-month month day-of-week year)');
  const parts = inner.trim().split(/\s+/);
  if (parts.length !== 6) throw new CronError(expression, `expected 6 fields, found ${parts.length}`);
  const [minutes, hours, dayOfMonth, month, dayOfWeek, year] = parts as [string, string, string, string, string, string];
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) {
    throw new CronError(expression, 'exactly one of day-of-month and day-of-week must be ?');
  }
  const field = (text: string, spec: Field) => parseField(expression, text, spec);
  return {
    expression,
    minutes: field(minutes, FIELDS.minutes),
    hours: field(hours, FIELDS.hours),
    daysOfMonth: dayOfMonth === '?' ? undefined : field(dayOfMonth, FIELDS.daysOfMonth),
    months: field(month, FIELDS.months),
    daysOfWeek: dayOfWeek === '?' ? undefined : field(dayOfWeek, FIELDS.daysOfWeek),
    years: field(year, FIELDS.years),
  };
}

function parseField(expression: string, text: string, spec: Field): Set<number> {
  const fail = (problem: string): never => {
    throw new CronError(expression, `${spec.name} "${text}": ${problem}`);
  };
  if (/[LW#]/.test(text.replace(/[A-Z]{3}/g, (n) => (spec.names?.includes(n) ? '' : n)))) {
    fail('L, W and # are not supported here');
  }
  const value = (token: string): number => {
    const named = spec.names?.indexOf(token.toUpperCase()) ?? -1;
    if (named >= 0) return named + spec.min;
    if (!/^\d+$/.test(token)) return fail(`"${token}" is not a number${spec.names ? ' or a name' : ''}`);
    const n = Number(token);
    if (n < spec.min || n > spec.max) fail(`${n} is outside ${spec.min}-${spec.max}`);
    return n;
  };
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [range, stepText, ...extra] = item.split('/');
    if (extra.length || !range) fail('malformed');
    let step = 1;
    if (stepText !== undefined) {
      if (!spec.steps) fail('steps are not allowed');
      if (!/^\d+$/.test(stepText) || Number(stepText) < 1) fail(`step "${stepText}" must be a positive number`);
      step = Number(stepText);
    }
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [spec.min, spec.max];
    else if (range!.includes('-')) {
      const [a, b, ...more] = range!.split('-');
      if (more.length || !a || !b) fail('malformed range');
      [from, to] = [value(a!), value(b!)];
      if (from > to) fail(`range ${a}-${b} runs backwards`);
    } else {
      from = value(range!);
      // `a/n`: from a to the end of the field in steps of n.
      to = stepText === undefined ? from : spec.max;
    }
    for (let n = from; n <= to; n += step) values.add(n);
  }
  return values;
}

const MINUTE = 60_000;

/**
 * The first fire time strictly after `afterMs` (ms since the epoch, UTC), or undefined when the
 * expression never fires again (its years are over). Walks forward field by field, skipping
 * a whole year, month, day or hour whenever that field does not match.
 */
export function nextFireTime(cron: CronSchedule | string, afterMs: number): number | undefined {
  const c = typeof cron === 'string' ? parseCron(cron) : cron;
  let t = Math.floor(afterMs / MINUTE) * MINUTE + MINUTE;
  for (;;) {
    const d = new Date(t);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth(); // 0-based, as Date.UTC takes it
    const day = d.getUTCDate();
    const hour = d.getUTCHours();
    if (year > LAST_YEAR) return undefined;
    if (!c.years.has(year)) {
      t = Date.UTC(year + 1, 0, 1);
    } else if (!c.months.has(month + 1)) {
      t = Date.UTC(year, month + 1, 1);
    } else if (!dayMatches(c, d)) {
      t = Date.UTC(year, month, day + 1);
    } else if (!c.hours.has(hour)) {
      t = Date.UTC(year, month, day, hour + 1);
    } else if (!c.minutes.has(d.getUTCMinutes())) {
      t += MINUTE;
    } else {
      return t;
    }
  }
}

function dayMatches(c: CronSchedule, d: Date): boolean {
  if (c.daysOfMonth) return c.daysOfMonth.has(d.getUTCDate());
  return c.daysOfWeek!.has(d.getUTCDay() + 1);
}
