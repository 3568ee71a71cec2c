/** Export of a decision stream as JSONL (`traces.md` §4). */
import { serializeDecision, type Decision } from '../engine/decisions.ts';

/** One `serializeDecision` line per decision, each ending with a newline ('' for none). */
export function decisionsJsonl(decisions: readonly Decision[]): string {
  let out = '';
  for (const d of decisions) out += serializeDecision(d) + '\n';
  return out;
}
