/** A corpus report as text for a terminal and as one self-contained HTML page (no script, no fetch). */
import type { CorpusReport, RuleReport } from './summary.ts';
import { escapeLogCommands } from '../text/logCommands.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The totals of a report. */
export function reportTotals(r: CorpusReport) {
  const violating = r.sessions.filter((s) => s.violations > 0).length;
  return {
    sessions: r.sessions.length,
    events: r.sessions.reduce((n, s) => n + s.events, 0),
    violating,
    interrupted: r.sessions.filter((s) => s.interrupts > 0).length,
    neverFired: r.rules.filter((x) => x.fired === 0),
    exitBlocked: r.sessions.filter((s) => s.ended === 'exit_blocked').length,
  };
}

const ruleRow = (x: RuleReport) =>
  x.fired === 0
    ? 'never fired'
    : x.stopped === 0 && x.interrupts === 0
      ? `fired ${plural(x.fired, 'time')}, stopped no call`
      : `${x.stopped > 0 ? `stopped ${plural(x.stopped, 'call')} in ${plural(x.sessions, 'session')}` : ''}${x.stopped > 0 && x.interrupts > 0 ? ', ' : ''}${x.interrupts > 0 ? plural(x.interrupts, 'interrupt') : ''}`;

/**
 * The report for a terminal: totals, every rule, and the sessions with violations (up to
 * `maxSessions`). `escape` is applied to every name and label from the input (the CLI's `termSafe`).
 */
export function reportText(r: CorpusReport, { maxSessions = 20, escape = (s: string) => s } = {}): string {
  const t = reportTotals(r);
  const lines = [
    `${plural(t.sessions, 'session')}, ${plural(t.events, 'event')}: ${plural(t.violating, 'session')} with violations, ${plural(t.interrupted, 'session')} interrupted, ${plural(t.exitBlocked, 'session')} ending with its exit blocked.`,
    '',
    'Rules:',
    ...r.rules.flatMap((x) => [`  ${escape(x.label)}`, `      ${ruleRow(x)}`]),
  ];
  const bad = r.sessions.filter((s) => s.violations > 0);
  if (bad.length > 0) {
    lines.push('', `Sessions with violations${bad.length > maxSessions ? ` (first ${maxSessions} of ${bad.length})` : ''}:`);
    for (const s of bad.slice(0, maxSessions)) {
      const f = s.firstViolation;
      const first = f ? `first at event ${f.event + 1}: ${f.kind}${f.tool ? ` ${escape(f.tool)}` : ''}${f.code ? ` (${f.code})` : ''}` : '';
      lines.push(`  ${escape(s.name)}: ${plural(s.violations, 'violation')}, ${first}`);
    }
  }
  return lines.join('\n');
}

/**
 * A value as HTML text: markup characters, and controls, line breaks, separators and bidi controls
 * as numeric references, so a name never breaks the page's lines (a CI log reading stdout would
 * run a line starting `::`) nor reaches a terminal raw; the `#` of a `##[` or `##vso[` log command
 * as `&#35;` (CI runners find those anywhere in a line).
 */
const esc = (s: string) =>
  // eslint-disable-next-line no-control-regex
  escapeLogCommands(s.replace(/[&<>"'\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (c) => `&#${c.charCodeAt(0)};`), '&#35;');

/** Horizontal bars, one per row, as inline SVG. */
function bars(rows: readonly { label: string; value: number }[], unit: string): string {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const h = 22;
  const items = rows
    .map((r, i) => {
      const w = Math.round((r.value / max) * 360);
      return `<g transform="translate(0 ${i * h})"><text x="0" y="15" class="l">${esc(r.label.length > 48 ? `${r.label.slice(0, 47)}…` : r.label)}</text><rect x="330" y="4" width="${w}" height="14" rx="3"/><text x="${336 + w}" y="15">${r.value.toLocaleString('en')} ${esc(unit)}</text></g>`;
    })
    .join('');
  return `<svg role="img" aria-label="${esc(unit)} per row" width="820" height="${rows.length * h + 4}" viewBox="0 0 820 ${rows.length * h + 4}">${items}</svg>`;
}

/** The report as one HTML page: totals, a chart of what each rule stopped, the rule and session tables. */
export function reportHtml(r: CorpusReport, title = 'Rule Studio corpus report'): string {
  const t = reportTotals(r);
  const histogram = new Map<number, number>();
  for (const s of r.sessions) histogram.set(s.violations, (histogram.get(s.violations) ?? 0) + 1);
  const hist = [...histogram.entries()].sort((a, b) => a[0] - b[0]).map(([v, n]) => ({ label: `${v} violation${v === 1 ? '' : 's'}`, value: n }));
  const ruleRows = r.rules
    .map((x) => `<tr${x.fired === 0 ? ' class="never"' : ''}><td>${esc(x.label)}</td><td class="n">${x.stopped}</td><td class="n">${x.sessions}</td><td class="n">${x.interrupts}</td><td class="n">${x.fired === 0 ? 'never fired' : x.fired}</td></tr>`)
    .join('');
  const sessionRows = r.sessions
    .map((s) => {
      const f = s.firstViolation;
      return `<tr><td>${esc(s.name)}</td><td class="n">${s.events}</td><td class="n">${s.violations}</td><td class="n">${s.interrupts}</td><td>${f ? esc(`event ${f.event + 1}: ${f.kind}${f.tool ? ` ${f.tool}` : ''}${f.code ? ` (${f.code})` : ''}`) : ''}</td><td>${s.ended}</td></tr>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${esc(title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:CanvasText;background:Canvas}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid color-mix(in srgb,CanvasText 15%,transparent);vertical-align:top}
.n{text-align:right;white-space:nowrap}.never td{color:color-mix(in srgb,CanvasText 55%,transparent)}
svg text{font:12px system-ui,sans-serif;fill:CanvasText}svg rect{fill:#2f6feb}.totals{display:flex;gap:2rem;flex-wrap:wrap}.totals b{display:block;font-size:1.5rem}
</style></head><body>
<h1>${esc(title)}</h1>
<div class="totals"><div><b>${t.sessions.toLocaleString('en')}</b>sessions</div><div><b>${t.events.toLocaleString('en')}</b>events</div><div><b>${t.violating.toLocaleString('en')}</b>with violations</div><div><b>${t.interrupted.toLocaleString('en')}</b>interrupted</div><div><b>${t.neverFired.length}</b>rules never fired</div></div>
<h2>Calls each rule stopped</h2>
${bars(r.rules.map((x) => ({ label: x.label, value: x.stopped })), 'calls')}
<h2>Sessions by number of violations</h2>
${bars(hist, 'sessions')}
<h2>Rules</h2>
<table><thead><tr><th>Rule</th><th class="n">Calls stopped</th><th class="n">Sessions</th><th class="n">Interrupts</th><th class="n">Fired</th></tr></thead><tbody>${ruleRows}</tbody></table>
<h2>Sessions</h2>
<table><thead><tr><th>Session</th><th class="n">Events</th><th class="n">Violations</th><th class="n">Interrupts</th><th>First violation</th><th>Ended</th></tr></thead><tbody>${sessionRows}</tbody></table>
</body></html>
`;
}
