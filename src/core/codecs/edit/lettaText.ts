/**
 * Edits of a Letta agent's rules written into its file's text: only the rules that changed are
 * rewritten, in place (`jsonArrayPatch.ts`), so an agent file keeps every other byte — its messages,
 * memory blocks, tools and the other agents. A double-encoded agent file (a JSON string holding
 * the file) is edited inside the string and written back in the same form. The API's plain
 * `tool_rules` list is edited the same way.
 */
import type { Agent } from '../../model/toolRules.ts';
import type { LettaToolRule } from '../../model/lettaRules.ts';
import { parseInnerJson, spliceInnerJson } from '../parse/jsonString.ts';
import { lettaRulesPath, lettaShapeOf } from '../read/letta.ts';
import { lettaRuleShape, writeLettaRulesJson } from '../write/lettaRules.ts';
import { sameTree } from './tree.ts';
import { patchJsonArray } from './jsonArrayPatch.ts';
import type { TextEditResult } from './editText.ts';

const shapes = (rules: readonly LettaToolRule[] | undefined): unknown[] => (rules ?? []).map(lettaRuleShape);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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
  const next = path && patchJsonArray(text, path, a);
  return next !== undefined ? { text: next, how: 'patched' } : { text: writeLettaRulesJson(after.lettaRules ?? []), how: 'rewritten' };
}
