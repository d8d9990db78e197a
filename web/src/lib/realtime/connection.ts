import * as z from 'zod';
import { serverMessageSchema, type ClientMessage, type ServerMessage, type Topic } from '#shared/realtime/messages.ts';
import { CLOCK_SAMPLES, estimateClockOffset, type ClockSample } from '#shared/tournaments/clock-sync.ts';
import { reconnectDelay } from './backoff.ts';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** API Gateway closes a connection idle for 10 minutes; a ping well inside that keeps it. */
export const PING_INTERVAL_MS = 5 * 60 * 1000;

export interface RealtimeConnectionOptions {
  /** The WebSocket address without the token (e.g. `wss://host/ws`). */
  url: string;
  /** The current access token, renewed first if about to expire; null when signed out. */
  token(): Promise<string | null>;
  /** Tests pass their own; the browser's WebSocket by default. */
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  pingIntervalMs?: number;
}

type Listener = (message: ServerMessage) => void;

/** The pong to a clock-sync ping: the client's time echoed and the server's (functions/realtime/ping.ts). */
const clockPongSchema = z.object({ type: z.literal('pong'), t: z.number(), server_time: z.number() });

/**
 * The signed-in user's one WebSocket. Topics are reference-counted across the screens
 * that listen; after every (re)connect each topic is subscribed again and the resync
 * listeners run, so a screen refetches what it may have missed while disconnected (or
 * before the first connection opened).
 */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private statusValue: RealtimeStatus = 'closed';
  private readonly statusListeners = new Set<() => void>();
  private readonly topics = new Map<Topic, Set<Listener>>();
  private readonly resyncListeners = new Set<() => void>();
  private attempt = 0;
  private everOpened = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private clockSamples: ClockSample[] = [];
  /** The clock-sync pings of this socket still unanswered, by the `t` they carried. */
  private readonly pingsInFlight = new Set<number>();
  private clockOffset: number | null = null;
  private readonly clockListeners = new Set<() => void>();

  constructor(private readonly options: RealtimeConnectionOptions) {}

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** The server's clock minus this browser's, from the socket's clock-sync exchange; null before the first. */
  get serverOffsetMs(): number | null {
    return this.clockOffset;
  }

  onClock = (listener: () => void): (() => void) => {
    this.clockListeners.add(listener);
    return () => this.clockListeners.delete(listener);
  };

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setStatus('closed');
  }

  /** Listens to a topic; the returned function stops listening (unsubscribing when nobody else listens). */
  listen(topic: Topic, listener: Listener): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
      // A user's own topic needs no subscription: the server sends it to all their connections.
      if (!topic.startsWith('user:')) this.send({ action: 'subscribe', topic });
    }
    listeners.add(listener);
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.topics.delete(topic);
        if (!topic.startsWith('user:')) this.send({ action: 'unsubscribe', topic });
      }
    };
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const listener of this.statusListeners) listener();
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setStatus('connecting');
    const token = await this.options.token().catch(() => null);
    if (this.stopped) return;
    if (!token) return this.retry();

    const url = `${this.options.url}?token=${encodeURIComponent(token)}`;
    const socket = (this.options.createSocket ?? ((address) => new WebSocket(address)))(url);
    this.socket = socket;

    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.everOpened = true;
      this.attempt = 0;
      this.setStatus('open');
      for (const topic of this.topics.keys()) if (!topic.startsWith('user:')) this.send({ action: 'subscribe', topic });
      this.pingTimer = setInterval(() => this.send({ action: 'ping' }), this.options.pingIntervalMs ?? PING_INTERVAL_MS);
      // A few clock-sync samples, one after another (each pong sends the next): the best one is kept.
      this.clockSamples = [];
      this.pingsInFlight.clear();
      this.sendClockPing();
      // Also on the first open: whatever happened between a screen's first fetch and this moment was not pushed to it.
      for (const listener of this.resyncListeners) listener();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const pong = clockPongSchema.safeParse(parsed);
      // Only the answer to a ping this socket sent, once: a stray or repeated pong would skew the offset.
      if (pong.success) return this.pingsInFlight.delete(pong.data.t) ? this.clockSample({ sentAt: pong.data.t, serverAt: pong.data.server_time, receivedAt: Date.now() }) : undefined;
      const message = serverMessageSchema.safeParse(parsed);
      if (!message.success) return;
      for (const listener of this.topics.get(message.data.topic) ?? []) listener(message.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.retry();
    };
  }

  private clockSample(sample: ClockSample): void {
    this.clockSamples.push(sample);
    const estimate = estimateClockOffset(this.clockSamples);
    if (estimate && estimate.offsetMs !== this.clockOffset) {
      this.clockOffset = estimate.offsetMs;
      for (const listener of this.clockListeners) listener();
    }
    if (this.clockSamples.length < CLOCK_SAMPLES) this.sendClockPing();
  }

  private sendClockPing(): void {
    const t = Date.now();
    this.pingsInFlight.add(t);
    this.send({ action: 'ping', t });
  }

  private retry(): void {
    if (this.stopped) return;
    this.setStatus('connecting');
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }
}
