import { afterEach, describe, expect, it } from 'vitest';
import { credentialsTreatedAsExpired, credentialsWillNeedRefresh, defaultProvider } from './lambda-credentials.ts';

const KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_CREDENTIAL_EXPIRATION'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('the credentials a Lambda bundle resolves', () => {
  it('are the role credentials the Lambda runtime puts in the environment', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'ASIAEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    process.env.AWS_SESSION_TOKEN = 'token';
    await expect(defaultProvider()()).resolves.toMatchObject({ accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('fail plainly when the environment has none (nothing else is tried)', async () => {
    for (const k of KEYS) delete process.env[k];
    await expect(defaultProvider()()).rejects.toThrow(/environment/i);
  });

  it('are refreshed five minutes before they expire, like the SDK’s own chain', () => {
    const soon = { accessKeyId: 'a', secretAccessKey: 'b', expiration: new Date(Date.now() + 60_000) };
    const later = { ...soon, expiration: new Date(Date.now() + 3_600_000) };
    expect(credentialsTreatedAsExpired(soon)).toBe(true);
    expect(credentialsTreatedAsExpired(later)).toBe(false);
    expect(credentialsWillNeedRefresh(later)).toBe(true);
    expect(credentialsWillNeedRefresh({ accessKeyId: 'a', secretAccessKey: 'b' })).toBe(false);
  });
});
