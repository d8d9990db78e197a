/** The Overview tab: KPIs, breakdowns, system health and the admin actions (filled in next). */
export function OverviewTab() {
  return <p className="muted">Loading the overview…</p>;
}
