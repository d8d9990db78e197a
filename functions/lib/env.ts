import * as z from 'zod';

/** The environment every function reads, checked once per container at first use. */
const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  EVENT_BUS_NAME: z.string().min(1),
  MAIL_FROM: z.string().min(3),
  /** Public origin used in e-mailed links; in AWS the web stack stores it in the table instead. */
  SITE_URL: z.url().optional(),
  /** The external card-payment checkout page that Subscribe opens. */
  CHECKOUT_URL: z.url().optional(),
  /** What only the edge (CloudFront, or the local stand-in) sends as x-origin-verify. */
  EDGE_SECRET: z.string().min(16).optional(),
  /**
   * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`,
   * locally the emulated `@connections` host); set only on functions that push (see push.ts).
   */
  WEBSOCKET_CALLBACK_URL: z.url().optional(),
  /** The issuer of the pool's tokens, for the WebSocket authorizer; in AWS derived from the region and pool when unset. */
  TOKEN_ISSUER: z.url().optional(),
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
