import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  readonly id: T;
  readonly label: string;
  /** Shown after the label, e.g. a count. */
  readonly badge?: ReactNode;
}

/** Where a key press on a tab list moves to (WAI-ARIA tabs: arrows wrap, Home and End jump), or undefined. */
export function tabAfterKey<T extends string>(tabs: readonly TabItem<T>[], current: T, key: string): T | undefined {
  const index = tabs.findIndex((t) => t.id === current);
  const last = tabs.length - 1;
  const to = ({ ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index <= 0 ? last : index - 1, Home: 0, End: last } as Record<string, number>)[key];
  return to === undefined ? undefined : tabs[to]!.id;
}
