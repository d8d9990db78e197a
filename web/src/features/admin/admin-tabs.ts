/** The /admin-dashboard tabs (3-learning §2); `?tab=documents` or `?tab=users` opens the others. */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'documents', label: 'Documents' },
  { id: 'users', label: 'Users' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

export function adminTabFromSearch(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? 'overview';
}

/** Where a key press on the tab list moves to (WAI-ARIA tabs: arrows wrap, Home and End jump), or undefined. */
export function tabAfterKey(current: AdminTab, key: string): AdminTab | undefined {
  const index = ADMIN_TABS.findIndex((t) => t.id === current);
  const last = ADMIN_TABS.length - 1;
  const to = ({ ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last } as Record<string, number>)[key];
  return to === undefined ? undefined : ADMIN_TABS[to]!.id;
}
