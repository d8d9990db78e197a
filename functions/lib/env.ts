import * as z from 'zod/mini';

/** The environment every function reads, checked once per container at first use (zod/mini: a few KB in every bundle instead of zod's 80). */
const envSchema = z.object({
  TABLE_NAME: z.string().check(z.minLength(1)),
  USER_POOL_ID: z.string().check(z.minLength(1)),
  USER_POOL_CLIENT_ID: z.string().check(z.minLength(1)),
  /**
   * The app client's secret, for SECRET_HASH: set only on the functions that sign up, sign in,
   * refresh or revoke (access flag `clientSecret`), so Cognito answers the API and nobody else.
   */
  USER_POOL_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
  EVENT_BUS_NAME: z.string().check(z.minLength(1)),
  MAIL_FROM: z.string().check(z.minLength(3)),
  /** The SES configuration set sends name (bounce and complaint metrics); set in AWS on mail senders only. */
  MAIL_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1))),
  /** Public origin used in e-mailed links; in AWS the web stack stores it in the table instead. */
  SITE_URL: z.optional(z.url()),
  /** "floors": the landing page shows marketing floors (10,000+ learners…; docs/quiz.md) instead of the real counts. */
  LANDING_STATS: z.optional(z.string()),
  /** The external card-payment checkout page that Subscribe opens. */
  CHECKOUT_URL: z.optional(z.url()),
  /** What only the edge (CloudFront, or the local stand-in) sends as x-origin-verify. */
  EDGE_SECRET: z.optional(z.string().check(z.minLength(16))),
  /**
   * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`,
   * locally the emulated `@connections` host); set only on functions that push (see push.ts).
   */
  WEBSOCKET_CALLBACK_URL: z.optional(z.url()),
  /** The issuer of the pool's tokens, for the WebSocket authorizer; in AWS derived from the region and pool when unset. */
  TOKEN_ISSUER: z.optional(z.url()),
  /** The live matches' step queue (functions/tournaments/send-step.ts); set only on functions that hand a step (access flag `sendMatchSteps`). */
  MATCH_STEPS_QUEUE_URL: z.optional(z.url()),
});
export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;
export function env(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}

/** Tests change the environment between files; this forgets what was read. */
export function resetEnvForTests(): void {
  cached = undefined;
}
