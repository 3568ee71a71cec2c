/**
 * Interrupt texts (`workflow-rules.md` §4): number and duration formatting and the two profiles'
 * layouts. Every text ends with exactly one newline.
 */

/** `6200` → `6,200` (integer part grouped by thousands; no locale involved). */
export function groupThousands(n: number): string {
  const [int = '0', frac] = String(n).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  let grouped = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ',';
    grouped += digits[i];
  }
  return sign + grouped + (frac === undefined ? '' : `.${frac}`);
}

/** Compact duration of whole seconds: `6m 40s`, `5m`, `45s`, `1h 2m 3s`; zero parts dropped (`0s` for 0). */
export function compactDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  if (h) parts.push(`${h}h`);
  if (m) parts.push(`${m}m`);
  if (r) parts.push(`${r}s`);
  return parts.length ? parts.join(' ') : '0s';
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Window phrase: hours or minutes when the value divides evenly, else seconds (`2 minutes`, `1 hour`, `90 seconds`). */
export function windowPhrase(seconds: number): string {
  if (seconds > 0 && seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds > 0 && seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

/** The parts of a `spec` profile interrupt. */
export interface SpecInterrupt {
  title: string;
  diagnostic: string;
  /** Lines between the diagnostic and the blank line before the suggestion (may be empty). */
  details: readonly string[];
  /** May span several lines. */
  suggestion: string;
  /** The node whose normal prompt `hegel continue` returns (shown upper case). */
  node: string;
}

/** Renders a `spec` profile interrupt (§4.1). */
export function renderSpecInterrupt(x: SpecInterrupt): string {
  return [
    `🚨 WORKFLOW INTERRUPT: ${x.title}`,
    '',
    `Diagnostic: ${x.diagnostic}`,
    ...x.details,
    '',
    `Suggestion: ${x.suggestion}`,
    '',
    '---',
    '',
    'REFLECT AND DECIDE:',
    '',
    'Can you resolve this issue autonomously, or do you need human assistance?',
    '',
    'If you can fix this yourself:',
    '  - Explain your corrective approach briefly',
    '  - Run: hegel continue',
    `  - This will return the normal ${x.node.toUpperCase()} phase prompt (bypassing rules this once)`,
    '',
    'If you need human help:',
    "  - Explain what you've tried and why you're stuck",
    '  - Wait for human guidance before proceeding',
    '',
  ].join('\n');
}

/** The parts of a `hegel` profile interrupt. */
export interface HegelInterrupt {
  ruleType: string;
  diagnostic: string;
  /** Recent Activity items (the block is left out when empty). */
  events: readonly string[];
  suggestion: string;
}

/** Renders a `hegel` profile interrupt (§4.2). */
export function renderHegelInterrupt(x: HegelInterrupt): string {
  const activity = x.events.length ? ['**Recent Activity:**', ...x.events.map((e) => `- ${e}`), ''] : [];
  return [
    `⚠️  **${x.ruleType}**`,
    '',
    x.diagnostic,
    '',
    ...activity,
    `**Suggestion:** ${x.suggestion}`,
    '',
    '**What next?**',
    '- Fix the issue and re-display prompt: `hegel repeat`',
    '- Escalate to human for review',
    '',
  ].join('\n');
}
