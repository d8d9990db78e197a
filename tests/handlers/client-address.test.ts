import { describe, expect, inject, it } from 'vitest';
import { RATE_RULES } from '../../shared/rate-limit.ts';
import { freshLoopbackAddress, postFrom } from '../support/loopback-http.ts';
import { uniqueEmail } from '../support/handler-env.ts';

/**
 * The per-address attempt limit counts the viewer's real address: through the local edge
 * (as through CloudFront) that is the connection's, whatever headers the client adds.
 */
const api = inject('apiUrl');
const PER_ADDRESS_SIGN_INS = RATE_RULES.signIn.max * 10;

describe('the caller’s address', () => {
  it('cannot be chosen by the client: forged forwarding headers do not reset the per-address limit', async () => {
    const attacker = freshLoopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ADDRESS_SIGN_INS; i++) {
      const forged = `192.0.2.${i + 1}`;
      const { status } = await postFrom(
        attacker,
        `${api}/api/auth/sign-in`,
        { email: uniqueEmail('spray'), password: 'Guess#12345' },
        { 'x-forwarded-for': forged, 'x-viewer-address': forged, 'x-origin-verify': 'a-guessed-secret-value', 'cloudfront-viewer-address': `${forged}:443` },
      );
      statuses.push(status);
    }
    expect(statuses.slice(0, PER_ADDRESS_SIGN_INS).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // Someone else, on another address, is not held back by the attacker's count.
    const neighbour = await postFrom(freshLoopbackAddress(), `${api}/api/auth/sign-in`, { email: uniqueEmail('neighbour'), password: 'Guess#12345' });
    expect(neighbour.status).toBe(401);
  });
});
