import * as z from 'zod';

/**
 * GET /api/me/premium-usage: the Premium features panel's counters (docs/quiz.md), each from
 * stored data: guides in the library (catalogue and published generated ones), the caller's
 * e-mailed progress reports (the last 20 kept), the study groups they belong to, and this
 * week's live tournaments still to start.
 */
export const premiumUsageSchema = z.object({
  study_guides: z.number().int().nonnegative(),
  reports: z.number().int().nonnegative(),
  groups: z.number().int().nonnegative(),
  tournaments: z.number().int().nonnegative(),
});
export type PremiumUsage = z.infer<typeof premiumUsageSchema>;
