/** Short texts for graph badges and node summaries (pure, no React). */

/** A duration in milliseconds as a compact badge text: `2s`, `500ms`, `5m`, `1h`, `1.5s`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  if (ms > 1000) return `${(ms / 1000).toFixed(3).replace(/0+$/, '')}s`;
  return `${ms}ms`;
}

/** The first line of a text, cut to `max` characters with an ellipsis. */
export function preview(text: string | undefined, max = 80): string | undefined {
  if (text === undefined) return undefined;
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
