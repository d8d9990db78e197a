import type { Profile, SessionTokens, SignInResponse } from '#shared/api.ts';
import { SESSION_LOOKUP_DELAY_MS, SESSION_LOOKUP_RETRIES } from '#shared/constants.ts';
import type { Credentials } from '#shared/validation/auth.ts';
import type { MfaAnswer, MfaChallenge } from '#shared/validation/mfa.ts';
import type { AuthBridge } from '@/lib/api-client.ts';

/**
 * The browser's session (docs/accounts.md): loading, then signed-out or signed-in with a profile.
 * Framework-free so it can be tested with fakes; React reads it with useSyncExternalStore.
 */
export type SessionState =
  | { status: 'loading'; profile: null }
  | { status: 'signed-out'; profile: null }
  | { status: 'signed-in'; profile: Profile };

export type SessionStatus = SessionState['status'];

/**
 * How a failed call ends a lookup: `unreachable` (no answer, server failure) is retried;
 * `refused` (401, 403, 400) means the stored session is over; `failed` is anything else.
 */
export type FailureKind = 'unreachable' | 'refused' | 'failed';

/**
 * The server's session calls. The refresh token never reaches this code: the server keeps
 * it in an HttpOnly cookie that the browser sends to /api/auth/refresh and /sign-out itself.
 */
export interface SessionApi {
  /** The session, or the challenge of an account with two-step sign-in on. */
  signIn(credentials: Credentials): Promise<SignInResponse | { mfa: MfaChallenge }>;
  answerMfa(answer: MfaAnswer): Promise<SignInResponse>;
  refresh(): Promise<{ tokens: SessionTokens }>;
  signOut(): Promise<void>;
  me(): Promise<{ profile: Profile }>;
  classify(error: unknown): FailureKind;
}

/**
 * Whether this browser has a session worth restoring, shared by its tabs: a marker that
 * changes with each sign-in, never a token. Tokens live in memory only.
 */
export interface SessionHint {
  load(): string | null;
  save(marker: string): void;
  clear(): void;
}

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  sleep(ms: number): Promise<void>;
}

export interface SessionDeps {
  api: SessionApi;
  hint: SessionHint;
  clock: Clock;
}

/** Tokens are renewed this long before they expire. */
export const REFRESH_LEAD_MS = 60_000;
/** A renewal that got no answer is tried again after this long. */
export const REFRESH_RETRY_MS = 15_000;
/** A request about to go out with a token this close to expiry renews it first. */
const EXPIRY_SKEW_MS = 5_000;
const MAX_TIMER_MS = 2_147_483_647;

const SIGNED_OUT: SessionState = { status: 'signed-out', profile: null };
const LOADING: SessionState = { status: 'loading', profile: null };

export class SessionStore implements AuthBridge {
  private state: SessionState;
  private tokens: SessionTokens | null = null;
  /** The hint's marker for the session this tab holds, to tell another tab's new sign-in from ours. */
  private marker: string | null = null;
  /** Bumped whenever the session changes hands, so late answers for an old session are dropped. */
  private generation = 0;
  private refreshing: Promise<boolean> | null = null;
  private timer: unknown = null;
  private restoring: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: SessionDeps) {
    // Without a stored hint there is nothing to look up: no loading flash.
    this.state = deps.hint.load() ? LOADING : SIGNED_OUT;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionState => this.state;

  /** Restores the stored session once per page load (safe to call repeatedly). */
  start(): Promise<void> {
    this.restoring ??= this.restore();
    return this.restoring;
  }

  /**
   * Restores the hinted session: tokens from POST /api/auth/refresh (the cookie), then the
   * profile from GET /api/me. Up to SESSION_LOOKUP_RETRIES tries, SESSION_LOOKUP_DELAY_MS
   * apart, while the server cannot be reached. A refusal ends it.
   */
  async restore(): Promise<void> {
    const generation = ++this.generation;
    const marker = this.deps.hint.load();
    this.tokens = null;
    this.cancelTimer();
    if (!marker) {
      this.drop();
      return;
    }
    this.marker = marker;
    this.setState(LOADING);

    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!this.tokens) {
          const { tokens } = await this.deps.api.refresh();
          if (generation !== this.generation) return;
          this.adopt(tokens);
        }
        const { profile } = await this.deps.api.me();
        if (generation === this.generation) this.setState({ status: 'signed-in', profile });
        return;
      } catch (error) {
        if (generation !== this.generation) return;
        const kind = this.deps.api.classify(error);
        if (kind === 'refused') return this.end();
        // Out of tries, or a failure trying again cannot fix: signed out for now, but the
        // hint stays so the next page load can look the session up again.
        if (kind === 'failed' || attempt >= SESSION_LOOKUP_RETRIES) return this.drop();
        await this.deps.clock.sleep(SESSION_LOOKUP_DELAY_MS);
        if (generation !== this.generation) return;
      }
    }
  }

  /**
   * Signs in; errors (ApiError from the client) reach the caller for the form to show. An
   * account with two-step sign-in on answers a challenge instead: nothing changes here until
   * answerMfa finishes it.
   */
  async signIn(credentials: Credentials): Promise<Profile | { mfa: MfaChallenge }> {
    const answer = await this.deps.api.signIn(credentials);
    if ('mfa' in answer) return { mfa: answer.mfa };
    return this.begin(answer);
  }

  /** The authenticator app's code for the challenge signIn answered. */
  async answerMfa(answer: MfaAnswer): Promise<Profile> {
    return this.begin(await this.deps.api.answerMfa(answer));
  }

  private begin({ tokens, profile }: SignInResponse): Profile {
    this.generation += 1;
    this.marker = String(this.deps.clock.now());
    this.deps.hint.save(this.marker);
    this.adopt(tokens);
    this.setState({ status: 'signed-in', profile });
    return profile;
  }

  /**
   * Ends the session here at once, then asks the server to revoke the cookie's refresh
   * token and clear the cookie; a failed call changes nothing here.
   */
  async signOut(): Promise<void> {
    this.end();
    try {
      await this.deps.api.signOut();
    } catch {
      // Local state is already gone, and no script could read the refresh token anyway.
    }
  }

  /**
   * Looks the profile up again (GET /api/me) after the server changed it, e.g. a trial
   * started, and publishes it. Resolves with the fresh profile, or null when not signed in
   * (or the session changed meanwhile); a failed lookup rejects and changes nothing.
   */
  async refreshProfile(): Promise<Profile | null> {
    if (this.state.status !== 'signed-in') return null;
    const generation = this.generation;
    const { profile } = await this.deps.api.me();
    if (generation !== this.generation || this.state.status !== 'signed-in') return null;
    this.setState({ status: 'signed-in', profile });
    return profile;
  }

  /** Another tab signed in or out (the hint changed): follow it. */
  syncFromStorage(): void {
    const marker = this.deps.hint.load();
    if (!marker) {
      if (this.tokens || this.state.status !== 'signed-out') this.drop();
      return;
    }
    // Same session as ours (the cookie is shared by the tabs): nothing to do.
    if (marker === this.marker && this.state.status === 'signed-in') return;
    this.restoring = this.restore();
  }

  // AuthBridge: used by the API client for bearer tokens.

  async accessToken(): Promise<string | null> {
    if (this.tokens && this.tokens.expiresAt - this.deps.clock.now() <= EXPIRY_SKEW_MS) await this.renew();
    return this.tokens?.accessToken ?? null;
  }

  refreshAfterUnauthorized(): Promise<boolean> {
    return this.renew();
  }

  /** One renewal at a time; concurrent callers share it. */
  private renew(): Promise<boolean> {
    this.refreshing ??= this.callRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async callRefresh(): Promise<boolean> {
    const current = this.tokens;
    if (!current) return false;
    try {
      const { tokens } = await this.deps.api.refresh();
      if (this.tokens !== current) return this.tokens !== null;
      this.adopt(tokens);
      return true;
    } catch (error) {
      if (this.tokens !== current) return false;
      if (this.deps.api.classify(error) === 'refused') this.end();
      else this.schedule(REFRESH_RETRY_MS);
      return false;
    }
  }

  /** Tokens are kept in memory only; a reload gets new ones through the refresh cookie. */
  private adopt(tokens: SessionTokens): void {
    this.tokens = tokens;
    this.scheduleRenewal();
  }

  private scheduleRenewal(): void {
    if (this.tokens) this.schedule(this.tokens.expiresAt - REFRESH_LEAD_MS - this.deps.clock.now());
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    this.timer = this.deps.clock.setTimeout(
      () => {
        this.timer = null;
        void this.renew();
      },
      Math.min(Math.max(0, ms), MAX_TIMER_MS),
    );
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** The session is over: forget it here and in the hint the other tabs follow. */
  private end(): void {
    this.deps.hint.clear();
    this.drop();
  }

  /** Signed out in this tab; the hint is left as it is. */
  private drop(): void {
    this.generation += 1;
    this.tokens = null;
    this.marker = null;
    this.cancelTimer();
    this.setState(SIGNED_OUT);
  }

  private setState(next: SessionState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
