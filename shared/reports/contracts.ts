import * as z from 'zod';
import { SUBJECTS } from '../constants.ts';
import { emailField } from '../validation/email.ts';
import { DEFAULT_REPORT_PERIOD, REPORT_MESSAGES as M, type ProgressReport, type ReportSend } from './report.ts';

/** The progress report's request and response shapes (zod at the edges: the web, the API, the event). */

const period = z.union([z.literal(7), z.literal(30), z.literal(90)]);

export const progressReportSchema = z.object({
  period,
  from: z.string(),
  to: z.string(),
  totalQuizzes: z.number(),
  averageScore: z.number(),
  studyTimeMinutes: z.number(),
  achievements: z.number(),
  achievementsInPeriod: z.number(),
  streak: z.number(),
  improvementTrend: z.number(),
  strongestSubject: z.enum(SUBJECTS).nullable(),
  weakestSubject: z.enum(SUBJECTS).nullable(),
  subjects: z.array(z.object({ subject: z.enum(SUBJECTS), quizzes: z.number(), averagePercent: z.number(), trendPercent: z.number() })),
  weeks: z.array(z.object({ label: z.string(), from: z.string(), to: z.string(), quizzes: z.number(), averagePercent: z.number() })),
  recommendations: z.array(z.string()),
}) satisfies z.ZodType<ProgressReport>;

export const sendReportSchema = z.object({
  email: emailField({ required: M.emailRequired, tooLong: M.emailTooLong, notAscii: M.emailNotAscii, format: M.invalidEmail }),
  days: period.default(DEFAULT_REPORT_PERIOD),
});
export type SendReportInput = z.input<typeof sendReportSchema>;

/** `?days=`: 7, 30 or 90; anything else is the default period. */
export const reportPeriodSchema = z.coerce.number().pipe(period).catch(DEFAULT_REPORT_PERIOD);

export const reportSendSchema = z.object({ email: z.string(), period: z.number(), sentAt: z.string() }) satisfies z.ZodType<ReportSend>;
export const reportSendsSchema = z.object({ sends: z.array(reportSendSchema), sentToday: z.number(), dailyLimit: z.number() });

/** GET /api/progress-report: the figures of the chosen period. */
export const reportResponseSchema = z.object({ report: progressReportSchema });
/** POST /api/progress-report/send: the e-mail just sent. */
export const reportSentSchema = z.object({ send: reportSendSchema });
