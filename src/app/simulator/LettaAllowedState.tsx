/** Profile `letta` in the State region: the allowed set Letta's solver gives the next call, and what removed the rest. */
import type { LettaSnapshot } from '../../core/engine/tools/types.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';

const PHASE: Record<LettaSnapshot['phase'], string> = {
  init: 'nothing has run in this step: only run_first tools',
  rules: 'child, conditional, max-count and parent rules intersected',
  fallback: 'the rules leave no tool, so Letta offers every tool',
  empty: 'the rules leave no tool: the next call is refused (errorOnEmpty)',
};

export function LettaAllowedState({ s }: { s: LettaSnapshot }) {
  return (
    <div className="sim-state-letta" aria-label="Letta allowed set">
      <p>
        <strong>Allowed next:</strong> <span data-testid="letta-allowed">{s.allowed.length > 0 ? s.allowed.join(', ') : 'none'}</span>{' '}
        <span className="sim-muted">({PHASE[s.phase]})</span>
      </p>
      {s.removed.length > 0 ? (
        <ul aria-label="Removed by rules">
          {s.removed.map((r) => (
            <li key={r.tool}>
              {r.tool}: removed by rule {ruleNumber(r.rule)}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Last tool in this step: {s.lastTool ?? 'none'}
        {s.lastOutput !== null ? ` · last output ${JSON.stringify(s.lastOutput.length > 80 ? s.lastOutput.slice(0, 80) + '…' : s.lastOutput)}` : ''}
      </p>
      {s.uncalledRequired.length > 0 ? <p>Required before exit, not yet called: {s.uncalledRequired.join(', ')}</p> : null}
    </div>
  );
}
