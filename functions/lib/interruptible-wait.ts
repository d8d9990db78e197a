/**
 * Waits that the host may cut short when it stops. A live match's runner waits inside its
 * invocation for a question's open and close (up to a minute); when `npm start` stops, the
 * local runtime calls `interruptWaits()` so that runner ends at once, leaving the match in its
 * stored state for the per-minute job to resume after the restart (shared/tournaments/resume.ts),
 * instead of playing the rest of the match to nobody while Ctrl-C waits. In Lambda nothing
 * calls it: a runner that times out there is resumed the same way.
 *
 * The registry lives on globalThis, so the host and the handler modules it loads share it
 * even if a module is instantiated twice.
 */
export class WaitInterrupted extends Error {
  constructor() {
    super('The host is stopping');
    this.name = 'WaitInterrupted';
  }
}

interface Registry {
  stopping: boolean;
  waiting: Set<() => void>;
}
const REGISTRY = Symbol.for('quizquest.interruptible-waits');
const registry = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= { stopping: false, waiting: new Set() }) as Registry;

/** Resolves after `ms`, or rejects with WaitInterrupted as soon as the host stops (at once if it has). */
export function interruptibleSleep(ms: number): Promise<void> {
  if (registry.stopping) return Promise.reject(new WaitInterrupted());
  return new Promise((resolve, reject) => {
    const cancel = () => {
      clearTimeout(timer);
      registry.waiting.delete(cancel);
      reject(new WaitInterrupted());
    };
    const timer = setTimeout(() => {
      registry.waiting.delete(cancel);
      resolve();
    }, Math.max(0, ms));
    registry.waiting.add(cancel);
  });
}

/** The host is stopping: every wait ends now, and any new one at once. */
export function interruptWaits(): void {
  registry.stopping = true;
  for (const cancel of [...registry.waiting]) cancel();
}

/** Waits run normally again (a host started anew in the same process, as tests do). */
export function allowWaits(): void {
  registry.stopping = false;
}

export const isWaitInterrupted = (error: unknown): boolean => error instanceof Error && error.name === 'WaitInterrupted';
