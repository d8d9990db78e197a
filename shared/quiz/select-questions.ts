/**
 * Which questions a round gets: unseen ones first, topped up with seen ones, optionally
 * limited to one topic. Works on bank indexes only, so the cost does not depend on how
 * many questions the user has seen.
 */
export type Random = () => number;

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export function selectIndexes(input: { candidates: readonly number[]; seen: ReadonlySet<number>; count: number; random?: Random }): number[] {
  const random = input.random ?? Math.random;
  const unseen = input.candidates.filter((i) => !input.seen.has(i));
  const seen = input.candidates.filter((i) => input.seen.has(i));
  const picked = shuffled(unseen, random).slice(0, input.count);
  if (picked.length < input.count) picked.push(...shuffled(seen, random).slice(0, input.count - picked.length));
  return shuffled(picked, random);
}

/** With difficulty progression a round climbs from the chosen level: counts per level, in order. */
export function splitAcrossLevels(count: number, levels: number): number[] {
  const base = Math.floor(count / levels);
  return Array.from({ length: levels }, (_, i) => base + (i < count % levels ? 1 : 0));
}
