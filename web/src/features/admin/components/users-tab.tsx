/** The Users tab: role filter, table, Add, Edit and Delete (filled in next). */
export function UsersTab({ viewerId }: { viewerId: string }) {
  return <p className="muted" data-viewer={viewerId}>Loading users…</p>;
}
