/**
 * How long to wait before reconnect attempt `attempt` (0 for the first retry): exponential
 * from BASE_MS, capped at MAX_MS, with "full jitter" (a random point in [half, all] of it)
 * so that clients dropped together (a deploy, the 2 h lifetime) do not return together.
 */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 20)));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
