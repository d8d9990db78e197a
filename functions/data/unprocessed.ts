/** How many times a batch's unprocessed part is sent again before the call fails. */
export const BATCH_RETRIES = 8;

/** The pause before retry `attempt` (1, 2, …): doubling from 100 ms, at most 1.6 s. */
export const pauseBeforeRetry = (attempt: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 5)));

/**
 * Sends `first`, then whatever DynamoDB left unprocessed (it does so under throttling), after a
 * pause that doubles each time. A batch still unprocessed after BATCH_RETRIES retries fails the
 * call: a partial answer must not pass for a whole one.
 */
export async function untilProcessed<T>(first: readonly T[], send: (batch: readonly T[]) => Promise<readonly T[]>, what: string): Promise<void> {
  let pending = first;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > BATCH_RETRIES) throw new Error(`${what} kept being throttled`);
    if (attempt > 0) await pauseBeforeRetry(attempt);
    pending = await send(pending);
  }
}
