import type { Diagnostic } from '../core/diagnostics/types.ts';

/** The Problems region: one row per diagnostic with its position, severity and code. */
export function ProblemsList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  return (
    <section aria-label="Problems">
      <h2>Problems ({diagnostics.length})</h2>
      {diagnostics.length === 0 ? (
        <p className="muted">No problems.</p>
      ) : (
        <ul className="problems">
          {diagnostics.map((d, i) => (
            <li key={i} className={`sev-${d.severity}`}>
              <span className="pos">
                {d.range.start.line}:{d.range.start.column}
              </span>{' '}
              <span className="sev">{d.severity}</span> <code>{d.code}</code> {d.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
