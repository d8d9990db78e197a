/**
 * When the free rounds start again, in the account's time zone (the server counts the day
 * there, not in this browser's): "Friday 27 November at 00:00 (Asia/Tokyo time)", and how
 * long that is from now ("in 5 h 12 min").
 */
export function resetWhen(resetsAt: string, timeZone: string): string {
  const at = new Date(resetsAt);
  let when: string;
  try {
    when = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  } catch {
    when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  return `${when} (${timeZone.replace(/_/g, ' ')} time)`;
}

export function resetIn(resetsAt: string, now: number): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(resetsAt) - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `in ${rest} min`;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}
