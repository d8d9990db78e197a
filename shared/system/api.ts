import * as z from 'zod';
import type { LandingFigures } from '../plans.ts';

/** The system area's answers: the status banner's health check and the landing page's figures. */

export const healthStatusSchema = z.enum(['healthy', 'warning', 'error']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

export const healthCheckSchema = z.object({ status: healthStatusSchema, message: z.string(), latencyMs: z.number() });

/** GET /api/health (docs/quiz.md): database, authentication and keys, each healthy, warning or error. */
export const healthResponseSchema = z.object({
  status: healthStatusSchema,
  checks: z.object({ database: healthCheckSchema, authentication: healthCheckSchema, keys: healthCheckSchema }),
  checkedAt: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/stats (public): the real counts, or the marketing floors (docs/quiz.md) when the operator chose them. */
export const landingStatsSchema = z.object({
  floors: z.boolean(),
  learners: z.number().nonnegative(),
  quizzes: z.number().nonnegative(),
  successRate: z.number().min(0).max(100).nullable(),
  teachers: z.number().nonnegative(),
  schools: z.number().nonnegative().nullable(),
}) satisfies z.ZodType<LandingFigures>;
