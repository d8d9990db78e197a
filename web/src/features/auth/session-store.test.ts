import { describe, expect, it, vi } from 'vitest';
import type { Profile, SessionTokens } from '#shared/api.ts';
import { SESSION_LOOKUP_DELAY_MS, SESSION_LOOKUP_RETRIES } from '#shared/constants.ts';
import { REFRESH_LEAD_MS, SessionStore, type FailureKind, type SessionApi, type SessionHint } from './session-store.ts';

const NOW = 1_700_000_000_000;

const profile: Profile = {
  user_id: 'u1',
  email: 'ana@example.com',
  role: 'student',
  subscription_status: 'free',
  subscription_updated_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  metadata: {},
};

const tokens = (n: number, expiresAt = NOW + 3_600_000): SessionTokens => ({
  idToken: `id-${n}`,
  accessToken: `access-${n}`,
  expiresAt,
});

/** A failure the fake classifies by its message. */
const failure = (kind: FailureKind) => new Error(kind);

function memoryHint(initial: string | null = null): SessionHint & { value: string | null } {
  const hint = {
    value: initial,
    load: () => hint.value,
    save: (next: string) => void (hint.value = next),
    clear: () => void (hint.value = null),
  };
  return hint;
}

/** Manual clock: timers run when `advance` passes them; sleep resolves at once but is recorded. */
function manualClock() {
  let now = NOW;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  const sleeps: number[] = [];
  return {
    sleeps,
    pendingTimers: () => [...timers.values()].map((timer) => timer.at - now),
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      timers.set(nextId, { at: now + ms, run });
      return nextId++;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    sleep: async (ms: number) => void sleeps.push(ms),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.run();
        }
      }
    },
  };
}

/** `hinted`: this browser has signed in before (the refresh cookie is the server's business). */
function setup(options: { hinted?: boolean; api?: Partial<SessionApi> } = {}) {
  const api: SessionApi = {
    signIn: vi.fn(async () => ({ tokens: tokens(1), profile })),
    answerMfa: vi.fn(async () => ({ tokens: tokens(1), profile })),
    refresh: vi.fn(async () => ({ tokens: { idToken: 'id-2', accessToken: 'access-2', expiresAt: NOW + 7_200_000 } })),
    signOut: vi.fn(async () => undefined),
    me: vi.fn(async () => ({ profile })),
    classify: (error: unknown) => (error instanceof Error ? (error.message as FailureKind) : 'failed'),
    ...options.api,
  };
  const hint = memoryHint(options.hinted ? 'marker-0' : null);
  const clock = manualClock();
  const store = new SessionStore({ api, hint, clock });
  return { api, hint, clock, store };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session restore (1-core §4)', () => {
  it('is signed out at once when nothing is stored', async () => {
    const { store, api } = setup();
    expect(store.getSnapshot().status).toBe('signed-out');
    await store.start();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(api.me).not.toHaveBeenCalled();
  });

  it('is loading, then renews the tokens from the cookie and is signed in with the profile from /api/me', async () => {
    const { store, api } = setup({ hinted: true });
    expect(store.getSnapshot().status).toBe('loading');
    await store.start();
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ status: 'signed-in', profile });
    expect(await store.accessToken()).toBe('access-2');
  });

  it('a refused renewal on load (no cookie, or a revoked session) means signed out, and forgets the hint', async () => {
    const refresh = vi.fn<SessionApi['refresh']>().mockRejectedValue(failure('refused'));
    const { store, hint, api } = setup({ hinted: true, api: { refresh } });

    await store.start();

    expect(api.me).not.toHaveBeenCalled();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBeNull();
  });

  it('retries an unreachable renewal on load, then looks the profile up', async () => {
    const refresh = vi.fn<SessionApi['refresh']>().mockRejectedValueOnce(failure('unreachable')).mockResolvedValue({ tokens: tokens(3) });
    const { store, clock } = setup({ hinted: true, api: { refresh } });

    await store.start();

    expect(refresh).toHaveBeenCalledTimes(2);
    expect(clock.sleeps).toEqual([SESSION_LOOKUP_DELAY_MS]);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(await store.accessToken()).toBe('access-3');
  });

  it('retries an unreachable lookup, 1 s apart, and succeeds on the last try, renewing the tokens once', async () => {
    const me = vi.fn<SessionApi['me']>();
    for (let i = 1; i < SESSION_LOOKUP_RETRIES; i += 1) me.mockRejectedValueOnce(failure('unreachable'));
    me.mockResolvedValueOnce({ profile });
    const { store, clock, api } = setup({ hinted: true, api: { me } });

    await store.start();

    expect(me).toHaveBeenCalledTimes(SESSION_LOOKUP_RETRIES);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(clock.sleeps).toEqual(Array(SESSION_LOOKUP_RETRIES - 1).fill(SESSION_LOOKUP_DELAY_MS));
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('after 5 unreachable tries is signed out but keeps the hint for the next load', async () => {
    const me = vi.fn<SessionApi['me']>().mockRejectedValue(failure('unreachable'));
    const { store, hint } = setup({ hinted: true, api: { me } });

    await store.start();

    expect(me).toHaveBeenCalledTimes(5);
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBe('marker-0');
    expect(await store.accessToken()).toBeNull();
  });

  it('a refused lookup (401) means signed out, and forgets the hint', async () => {
    const me = vi.fn<SessionApi['me']>().mockRejectedValue(failure('refused'));
    const { store, hint } = setup({ hinted: true, api: { me } });

    await store.start();

    expect(me).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBeNull();
  });

  it('restores only once however often start() is called', async () => {
    const { store, api } = setup({ hinted: true });
    await Promise.all([store.start(), store.start()]);
    expect(api.me).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in and sign-out', () => {
  it('signing in keeps the tokens in memory, leaves only a marker in storage, and publishes the profile', async () => {
    const { store, hint } = setup();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));

    await expect(store.signIn({ email: 'ana@example.com', password: 'secret1' })).resolves.toEqual(profile);

    expect(hint.value).toEqual(expect.any(String));
    expect(hint.value).not.toContain('access-1');
    expect(hint.value).not.toContain('id-1');
    expect(seen).toEqual(['signed-in']);
    expect(await store.accessToken()).toBe('access-1');
  });

  it('two-step sign-in: the password step changes nothing here, the code step starts the session (issue 18 item 7)', async () => {
    const mfa = { session: 'cognito-session', username: 'u1' };
    const signIn = vi.fn<SessionApi['signIn']>().mockResolvedValue({ mfa });
    const { store, hint, api } = setup({ api: { signIn } });

    await expect(store.signIn({ email: 'ana@example.com', password: 'secret1' })).resolves.toEqual({ mfa });
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBeNull();

    await expect(store.answerMfa({ ...mfa, code: '123456' })).resolves.toEqual(profile);
    expect(api.answerMfa).toHaveBeenCalledWith({ ...mfa, code: '123456' });
    expect(store.getSnapshot()).toEqual({ status: 'signed-in', profile });
    expect(await store.accessToken()).toBe('access-1');
  });

  it('a failed sign-in reaches the caller and changes nothing', async () => {
    const signIn = vi.fn<SessionApi['signIn']>().mockRejectedValue(new Error('invalid_credentials'));
    const { store, hint } = setup({ api: { signIn } });

    await expect(store.signIn({ email: 'ana@example.com', password: 'wrong12' })).rejects.toThrow('invalid_credentials');
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBeNull();
  });

  it('signing out asks the server to revoke the cookie and clears everything', async () => {
    const { store, hint, api } = setup({ hinted: true });
    await store.start();

    await store.signOut();

    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBeNull();
    expect(await store.accessToken()).toBeNull();
  });

  it('signing out ends the session here even when the server call fails', async () => {
    const signOut = vi.fn<SessionApi['signOut']>().mockRejectedValue(failure('unreachable'));
    const { store, hint } = setup({ hinted: true, api: { signOut } });
    await store.start();

    await expect(store.signOut()).resolves.toBeUndefined();

    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBeNull();
  });

  it('is signed out before the server call has answered', async () => {
    let answer: () => void = () => undefined;
    const signOut = vi.fn<SessionApi['signOut']>(() => new Promise<void>((resolve) => (answer = resolve)));
    const { store } = setup({ hinted: true, api: { signOut } });
    await store.start();

    const done = store.signOut();
    expect(store.getSnapshot().status).toBe('signed-out');
    answer();
    await done;
  });
});

describe('profile refresh', () => {
  it('publishes the profile fetched again from /api/me', async () => {
    const trial: Profile = { ...profile, metadata: { trial_active: true, trial_started: '2025-01-02T00:00:00.000Z', trial_ends: '2025-01-09T00:00:00.000Z' } };
    const me = vi.fn<SessionApi['me']>().mockResolvedValueOnce({ profile }).mockResolvedValueOnce({ profile: trial });
    const { store } = setup({ hinted: true, api: { me } });
    await store.start();

    await expect(store.refreshProfile()).resolves.toEqual(trial);
    expect(store.getSnapshot()).toEqual({ status: 'signed-in', profile: trial });
  });

  it('does nothing when signed out', async () => {
    const { store, api } = setup();
    await expect(store.refreshProfile()).resolves.toBeNull();
    expect(api.me).not.toHaveBeenCalled();
  });

  it('a failed lookup rejects and keeps the session as it was', async () => {
    const me = vi.fn<SessionApi['me']>().mockResolvedValueOnce({ profile }).mockRejectedValueOnce(failure('unreachable'));
    const { store } = setup({ hinted: true, api: { me } });
    await store.start();

    await expect(store.refreshProfile()).rejects.toThrow('unreachable');
    expect(store.getSnapshot()).toEqual({ status: 'signed-in', profile });
  });
});

describe('token refresh', () => {
  it('renews a minute before expiry through the cookie', async () => {
    const { store, clock, api } = setup();
    await store.signIn({ email: 'ana@example.com', password: 'secret1' });
    expect(clock.pendingTimers()).toEqual([3_600_000 - REFRESH_LEAD_MS]);

    clock.advance(3_600_000 - REFRESH_LEAD_MS);
    await flush();

    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(await store.accessToken()).toBe('access-2');
  });

  it('renews an expired token before handing it out', async () => {
    const { store, api } = setup({ api: { signIn: vi.fn(async () => ({ tokens: tokens(1, NOW - 1), profile })) } });
    await store.signIn({ email: 'ana@example.com', password: 'secret1' });

    expect(await store.accessToken()).toBe('access-2');
    expect(api.refresh).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between concurrent 401s', async () => {
    const { store, api } = setup({ hinted: true });
    await store.start();
    vi.mocked(api.refresh).mockClear();

    const results = await Promise.all([store.refreshAfterUnauthorized(), store.refreshAfterUnauthorized()]);

    expect(results).toEqual([true, true]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
  });

  it('a refused renewal ends the session', async () => {
    const refresh = vi.fn<SessionApi['refresh']>().mockResolvedValueOnce({ tokens: tokens(2) }).mockRejectedValue(failure('refused'));
    const { store, hint } = setup({ hinted: true, api: { refresh } });
    await store.start();

    await expect(store.refreshAfterUnauthorized()).resolves.toBe(false);

    expect(store.getSnapshot().status).toBe('signed-out');
    expect(hint.value).toBeNull();
  });

  it('an unreachable renewal keeps the session and tries again later', async () => {
    const refresh = vi.fn<SessionApi['refresh']>().mockResolvedValueOnce({ tokens: tokens(2) }).mockRejectedValue(failure('unreachable'));
    const { store, clock } = setup({ hinted: true, api: { refresh } });
    await store.start();

    await expect(store.refreshAfterUnauthorized()).resolves.toBe(false);

    expect(store.getSnapshot().status).toBe('signed-in');
    expect(clock.pendingTimers()).toEqual([15_000]);
  });
});

describe('other tabs', () => {
  it('follows a sign-out in another tab', async () => {
    const { store, hint } = setup({ hinted: true });
    await store.start();
    hint.value = null;

    store.syncFromStorage();

    expect(store.getSnapshot().status).toBe('signed-out');
  });

  it('picks up a session signed in elsewhere', async () => {
    const { store, hint } = setup();
    await store.start();
    hint.value = 'marker-1';

    store.syncFromStorage();
    await flush();

    expect(store.getSnapshot()).toEqual({ status: 'signed-in', profile });
  });

  it('ignores a storage change that leaves its own session in place', async () => {
    const { store, api } = setup();
    await store.signIn({ email: 'ana@example.com', password: 'secret1' });

    store.syncFromStorage();
    await flush();

    expect(api.refresh).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toEqual({ status: 'signed-in', profile });
  });
});
