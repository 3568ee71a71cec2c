/**
 * Edits of a Letta agent's rules written into its file's text: only the rules that changed are
 * rewritten, in place (`jsonPatcher`), so an agent file keeps every other byte — its messages,
 * memory blocks, tools and the other agents. A double-encoded agent file (a JSON string holding
 * the file) is edited inside the string and written back in the same form. The API's plain
 * `tool_rules` list is edited the same way.
 */
import type { Agent } from '../../model/toolRules.ts';
import type { LettaToolRule } from '../../model/lettaRules.ts';
import type { DocPath } from '../types.ts';
import { parseInnerJson, spliceInnerJson } from '../parse/jsonString.ts';
import { lettaRulesPath, lettaShapeOf } from '../read/letta.ts';
import { lettaRuleShape, writeLettaRulesJson } from '../write/lettaRules.ts';
import { applyOps, diffTrees } from './ops.ts';
import { sameTree, valueAt } from './tree.ts';
import { jsonPatcher } from './jsonPatcher.ts';
import type { TextEditResult } from './editText.ts';

const shapes = (rules: readonly LettaToolRule[] | undefined): unknown[] => (rules ?? []).map(lettaRuleShape);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** True when `text` holds `rules` at `path`. */
function holds(text: string, path: DocPath, rules: unknown[]): boolean {
  const at = valueAt(parsed(text), path);
  return rules.length === 0 ? at === undefined || at === null || (Array.isArray(at) && at.length === 0) : sameTree(at, rules);
}

/** The text with the rules at `path` changed from `before` to `after`; undefined when it cannot be done in place. */
function patchRules(text: string, path: DocPath, before: unknown[], after: unknown[]): TextEditResult | undefined {
  const current = valueAt(parsed(text), path);
  if (!Array.isArray(current)) {
    // `tool_rules: null` (or absent): the list is written whole.
    if (after.length === 0) return { text, how: 'unchanged' };
    const next = current === undefined ? jsonPatcher.insert(text, path.slice(0, -1), path[path.length - 1]!, after) : jsonPatcher.replace(text, path, after);
    return next !== undefined && holds(next, path, after) ? { text: next, how: 'units' } : undefined;
  }
  const ops = diffTrees(before, after);
  if (ops.length === 0) return { text, how: 'unchanged' };
  const fine = applyOps(text, ops, jsonPatcher, path, after, 1);
  if (fine !== undefined && holds(fine, path, after)) return { text: fine, how: 'patched' };
  if (path.length === 0) return undefined;
  const whole = jsonPatcher.replace(text, path, after);
  return whole !== undefined && holds(whole, path, after) ? { text: whole, how: 'units' } : undefined;
}

/**
 * The text of a Letta file after agent `agentIndex`'s rules changed from `before` to `after`.
 * Only the rules are written (tools and names of a Letta agent live elsewhere in the file and are
 * not edited from the studio). A text that is not a Letta file is written afresh as the plain list.
 */
export function editLettaText(text: string, agentIndex: number, before: Agent, after: Agent): TextEditResult {
  const b = shapes(before.lettaRules);
  const a = shapes(after.lettaRules);
  if (sameTree(b, a)) return { text, how: 'unchanged' };
  const value = parsed(text);
  if (typeof value === 'string') {
    const inner = parseInnerJson(text);
    if (inner && lettaShapeOf(inner.doc.value) === 'agentFile') {
      const r = editLettaText(inner.literal.inner, agentIndex, before, after);
      if (r.how !== 'rewritten') return { text: spliceInnerJson(text, inner.literal, r.text), how: r.how };
    }
  }
  const path = lettaRulesPath(value, agentIndex);
  const r = path && patchRules(text, path, b, a);
  return r ?? { text: writeLettaRulesJson(after.lettaRules ?? []), how: 'rewritten' };
}
