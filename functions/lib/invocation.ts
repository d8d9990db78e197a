import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { isSaneCorrelationId } from '#events/meta.ts';

export { isSaneCorrelationId };

/**
 * What one invocation knows about itself, for its logs, metrics and the events it publishes.
 * Held in AsyncLocalStorage rather than module state: the local runtime (and a handler test)
 * runs many handlers' invocations at once in one process, and each must keep its own ids.
 */
export interface Invocation {
  /** Lambda's request id (`context.awsRequestId`). */
  readonly requestId: string;
  readonly functionName: string;
  /** The first invocation of this container (the module was just loaded). */
  readonly coldStart: boolean;
  /** Follows a request through every event, consumer, push and mail it causes. */
  readonly correlationId: string;
  /** The account acting or acted for, where the entry point names one. */
  userId?: string;
  /** Counts recorded by functions/lib/metrics.ts, flushed once when the invocation ends. */
  readonly counts: Map<string, number>;
}

/** The part of Lambda's context the wrappers read (handler tests call handlers without one). */
export interface InvocationContext {
  readonly awsRequestId?: string;
  readonly functionName?: string;
}

const store = new AsyncLocalStorage<Invocation>();
/** Functions that have run in this process: one in Lambda, every handler in the local runtime. */
const warm = new Set<string>();

/** The first sane candidate, else `fallback` (which is ours: a request id, or a fresh one). */
export function pickCorrelationId(candidates: readonly unknown[], fallback: string): string {
  return candidates.find(isSaneCorrelationId) ?? fallback;
}

export interface InvocationStart {
  readonly context?: InvocationContext | undefined;
  /** Candidates in order of preference (an incoming header, an event's envelope); insane ones are skipped. */
  readonly correlationIds?: readonly unknown[];
  /** When no candidate is sane: the id the entry point itself was given (API Gateway's request id). */
  readonly fallbackCorrelationId?: string | undefined;
  readonly userId?: string | undefined;
}

/** Runs `fn` as one invocation: its logs, metrics and published events carry this context. */
export function runInvocation<T>(start: InvocationStart, fn: (invocation: Invocation) => Promise<T>): Promise<T> {
  const requestId = start.context?.awsRequestId || randomUUID();
  const functionName = start.context?.functionName || process.env.AWS_LAMBDA_FUNCTION_NAME || 'local';
  const coldStart = !warm.has(functionName);
  warm.add(functionName);
  const invocation: Invocation = {
    requestId,
    functionName,
    coldStart,
    correlationId: pickCorrelationId(start.correlationIds ?? [], start.fallbackCorrelationId && isSaneCorrelationId(start.fallbackCorrelationId) ? start.fallbackCorrelationId : requestId),
    ...(start.userId ? { userId: start.userId } : {}),
    counts: new Map(),
  };
  return store.run(invocation, () => fn(invocation));
}

/** The running invocation, or undefined outside one (module load, scripts, unit tests). */
export function currentInvocation(): Invocation | undefined {
  return store.getStore();
}

/**
 * Runs `fn` under another correlation id within the running invocation (its counts are shared):
 * a batch consumer's records each came from a request of their own (an SQS batch of events).
 */
export function withCorrelationId<T>(correlationId: string, fn: () => Promise<T>): Promise<T> {
  const invocation = store.getStore();
  return invocation ? store.run({ ...invocation, correlationId }, fn) : fn();
}

/**
 * The X-Ray trace header of the running Lambda invocation (the Node runtime sets it per
 * invocation when tracing is on): handed to PutEvents, EventBridge continues the trace into
 * the consumers it invokes. Unset locally.
 */
export function traceHeader(): { TraceHeader?: string } {
  const header = process.env._X_AMZN_TRACE_ID;
  return header ? { TraceHeader: header } : {};
}

/** The correlation id of the running invocation, if any (publish.ts puts it on every event). */
export function currentCorrelationId(): string | undefined {
  return store.getStore()?.correlationId;
}
