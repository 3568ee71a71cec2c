/**
 * The Policy view: the view of the dialect whose files the project holds (Claude Code settings,
 * Codex `.rules`, Gemini CLI policies — each a `RuleReportView`), or a switch between them when it
 * holds several, with the live status when `follow --studio` feeds a session.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { useStudio } from '../state/context.tsx';
import { activeDoc } from '../state/store.ts';
import { Button } from '../components/ui/Button.tsx';
import { ClaudePolicyView } from './ClaudePolicyView.tsx';
import { CodexPolicyView } from './CodexPolicyView.tsx';
import { GeminiPolicyView } from './GeminiPolicyView.tsx';
import { translateStore } from './translateStore.ts';
import { liveStore } from '../simulator/liveStore.ts';
import { LivePolicyStatus } from './LivePolicy.tsx';
import { hasFamily, type PolicyDialect } from './dialects.ts';
import '../corpus/corpus.css';
import './policy.css';

/** The dialects the Policy view knows, in the order the switch lists them (`dialects.ts`). */
export const POLICY_DIALECTS: readonly PolicyDialect[] = [
  { id: 'claude', label: 'Claude Code', present: (docs) => hasFamily(docs, 'claude'), view: ClaudePolicyView },
  { id: 'codex', label: 'Codex', present: (docs) => hasFamily(docs, 'codex'), view: CodexPolicyView },
  { id: 'gemini', label: 'Gemini CLI', present: (docs) => hasFamily(docs, 'gemini'), view: GeminiPolicyView },
];

/**
 * The Policy view: the view of the dialect whose files the project holds, or a switch between
 * them when it holds several (Claude Code's view, with its "no settings" help, when it holds none).
 */
export function PolicyView() {
  const docs = useStudio((s) => s.project.docs);
  const present = POLICY_DIALECTS.filter((d) => d.present(docs));
  // The open document's dialect comes first; a choice on the switch holds while that document stays open.
  const opened = useStudio((s) => {
    const d = activeDoc(s);
    return d?.kind === 'agent' ? d.agent.family : undefined;
  });
  const [choice, setChoice] = useState<{ id: string; over: string | undefined }>();
  const chosen = choice !== undefined && choice.over === opened ? choice.id : undefined;
  // While Translate is open, the view of the dialect it translates from stays shown.
  const translating = useStore(translateStore, (s) => s.from);
  const live = useStore(liveStore, (s) => s.lines !== undefined);
  const dialect = present.find((d) => d.id === (translating ?? chosen ?? opened)) ?? present.find((d) => d.id === chosen) ?? present[0] ?? POLICY_DIALECTS[0];
  if (!dialect) return null;
  const View = dialect.view;
  if (present.length < 2 && !live) return <View />;
  return (
    <div className="policy-dialects">
      <LivePolicyStatus />
      {present.length > 1 && (
        <div className="policy-dialect-switch" role="group" aria-label="Policy dialect">
          {present.map((d) => (
            <Button
              key={d.id}
              size="sm"
              label={d.label}
              aria-pressed={d.id === dialect.id}
              onClick={() => {
                setChoice({ id: d.id, over: opened });
                translateStore.setState({ from: undefined });
              }}
            />
          ))}
        </div>
      )}
      <View />
    </div>
  );
}
