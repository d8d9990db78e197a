/** The /admin-dashboard tabs (docs/admin.md); `?tab=documents` or `?tab=users` opens the others. */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'documents', label: 'Documents' },
  { id: 'users', label: 'Users' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

export function adminTabFromSearch(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? 'overview';
}
