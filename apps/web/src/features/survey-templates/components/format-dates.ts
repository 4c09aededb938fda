const dayMs = 24 * 60 * 60 * 1000;

/** Part 2 §2: 'Last updated today / 1 day ago / N days ago', counting whole days. */
export function lastUpdatedText(updatedAt: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - new Date(updatedAt).getTime()) / dayMs));
  if (days === 0) return 'Last updated today';
  return days === 1 ? 'Last updated 1 day ago' : `Last updated ${days} days ago`;
}

/** Dates as en-US numeric month/day/year with 12-hour time. */
export function formatDateTime(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(date));
}
