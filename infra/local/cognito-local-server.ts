/**
 * cognito-local, started with one fix so it answers as Cognito does. Run as the child process
 * (infra/local/cognito.ts), in plain Node (erasable TypeScript only).
 *
 * cognito-local stores the refresh token of a password sign-in but not of a sign-in finished by
 * RespondToAuthChallenge (the authenticator code step): REFRESH_TOKEN_AUTH then fails, and an
 * admin with two-step sign-in would be signed out at the first reload. Cognito renews both, so
 * the challenge's answer stores its refresh token the same way.
 */
import { createRequire } from 'node:module';

type Answer = { AuthenticationResult?: { RefreshToken?: string } };
type Request = { ClientId: string; ChallengeResponses?: { USERNAME?: string } };
type Pool = {
  getUserByUsername(ctx: unknown, username: string): Promise<unknown>;
  storeRefreshToken(ctx: unknown, token: string, user: unknown): Promise<void>;
};
type Services = { cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<Pool> } };
type Target = (services: Services) => (ctx: unknown, req: Request) => Promise<Answer>;

const require = createRequire(import.meta.url);
const { Targets } = require('cognito-local/lib/targets/targets.js') as { Targets: Record<string, Target> };
const respond = Targets.RespondToAuthChallenge!;

Targets.RespondToAuthChallenge = (services) => {
  const run = respond(services);
  return async (ctx, req) => {
    const answer = await run(ctx, req);
    const token = answer.AuthenticationResult?.RefreshToken;
    const username = req.ChallengeResponses?.USERNAME;
    if (token && username) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (user) await pool.storeRefreshToken(ctx, token, user);
    }
    return answer;
  };
};

require('cognito-local/lib/bin/start.js');
