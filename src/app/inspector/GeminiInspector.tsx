/**
 * The inspector of a Gemini CLI policy file (`PolicyInspector.tsx`): the file as a whole (its tier,
 * rule counts by decision, its tables in Gemini's priority order), a tool name (the rules on it)
 * and one rule (decision, tool names and what narrows it, tier and priority, position). Rules are
 * listed in priority order and numbered as the file reads them, as Problems numbers them.
 */
import { useMemo } from 'react';
import type { AgentDoc } from '../state/documents.ts';
import { codecs } from '../state/codecs.ts';
import { fileRefusal, PolicyFilesInspector, PolicyNodeInspector, PolicyRuleInspector, type InspectedRule } from './PolicyInspector.tsx';

/**
 * The rules in file order (the graph's badges and the selection index them so), each numbered as
 * Problems numbers it (`rule #3` is the file's third `[[rule]]` table), and `order`: the graph's
 * order, the highest effective priority first, equal priorities in file order.
 */
const useRules = (doc: AgentDoc): { rules: (InspectedRule & { tools: string[] })[]; order: number[] } =>
  useMemo(() => {
    const rows = codecs().geminiRuleRows(doc.agent.geminiPolicies ?? []);
    const order = rows.map((_, i) => i).sort((a, b) => (rows[b]?.effective ?? 0) - (rows[a]?.effective ?? 0) || a - b);
    const rules = rows.map((r) => ({ decision: r.decision, text: `${r.tools.join(', ')}${r.narrow ? ` ${r.narrow}` : ''}`, file: r.file, line: r.line, col: r.col, length: '[[rule]]'.length, number: r.table + 1, note: `${r.tier} tier, priority ${r.priority} (effective ${r.effective.toFixed(3)})`, tools: r.tools }));
    return { rules, order };
  }, [doc.agent]);

/**
 * A file's tier, and why when it may be wrong: a file imported on its own comes without its folder,
 * so it reads as the user tier even if it sat under admin/ (review15: nothing said so).
 */
function tierNote(f: { path: string; tier: string }): string {
  const alone = !/[\\/]/.test(f.path);
  return alone && f.tier === 'user' ? 'user tier: imported without its folder, which gives a file its tier (admin/, project/ …); Import folder keeps it' : `${f.tier} tier`;
}

export function GeminiAgentInspector({ doc }: { doc: AgentDoc }) {
  const { rules, order } = useRules(doc);
  const count = (d: string) => rules.filter((r) => r.decision === d).length;
  const tier = doc.agent.geminiPolicies?.[0]?.tier ?? 'user';
  // A TOML syntax error (G001): Gemini skips the file, the Inspector lists the tables that read.
  const refusal = fileRefusal(doc, ['G001'], 'Gemini skips', rules.length);
  return (
    <PolicyFilesInspector
      doc={doc}
      title="Gemini CLI policy"
      summary={`${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}${refusal ? ' that read' : ''} in the ${tier} tier: ${count('deny')} deny · ${count('ask_user')} ask_user · ${count('allow')} allow`}
      {...(refusal ? { refusal } : {})}
      files={(doc.agent.geminiPolicies ?? []).map((f) => ({ path: f.path, note: tierNote(f) }))}
      rules={rules}
      order={order}
      rulesTitle="Rules in priority order"
      empty={refusal ? 'No rule reads yet.' : 'No rules: Gemini asks for every call (denies when non-interactive).'}
      how="The first rule by effective priority (tier + priority/1000) that matches decides; an admin rule comes before any user rule. The tier comes from the file’s folder (admin/, user/, project/ …; user by default). The Policy tab shows the calls of the loaded traces each rule decides."
    />
  );
}

export function GeminiToolInspector({ doc, tool }: { doc: AgentDoc; tool: string }) {
  const { rules, order } = useRules(doc);
  return <PolicyNodeInspector heading="Tool" name={tool} rules={rules} indexes={order.filter((i) => rules[i]?.tools.includes(tool))} />;
}

export function GeminiRuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const { rules } = useRules(doc);
  return <PolicyRuleInspector doc={doc} rules={rules} index={index} own />;
}
