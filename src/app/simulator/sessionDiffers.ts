/**
 * Where a replayed Claude Code transcript and the rules part ways, at the selected call: the
 * transcript records that the user rejected a call the rules allow without a prompt, or that a call
 * the rules deny ran (`agreementOf`, as `rule-studio simulate` reports on stderr). Read on the page
 * from the run's trace text, for a transcript of at most {@link MAX_COMPARED_CHARS}.
 */
import { useMemo } from 'react';
import type { Decision } from '../../core/engine/decisions.ts';
import type { TraceEvent } from '../../core/traces/events.ts';
import { agreementOf, DISAGREEMENT_TEXT, MAX_COMPARED_CHARS, recordedOutcomes, type RecordedOutcome } from '../../core/permissions/claude/agreement.ts';
import { useStudio } from '../state/context.tsx';
import type { RunInfo } from './simulationStore.ts';

/** What the transcript recorded of the selected call, and where that differs from the rules' decision, in words (undefined where they agree). */
export interface RecordedCall {
  outcome: RecordedOutcome;
  differs?: string;
}

/** What the transcript recorded of the decision's call; undefined where it recorded nothing or cannot be compared. */
export function useRecordedCall(run: RunInfo | undefined, decision: Decision | undefined, event: TraceEvent | undefined): RecordedCall | undefined {
  const claude = useStudio((s) => {
    const doc = s.project.docs.find((d) => d.id === run?.agentDocId);
    return doc?.kind === 'agent' && doc.agent.family === 'claude';
  });
  const text = claude ? run?.traceText : undefined;
  const recorded = useMemo(() => (text !== undefined && text.length <= MAX_COMPARED_CHARS && text.includes('tool_result') ? recordedOutcomes(text) : undefined), [text]);
  if (!recorded || !decision || event?.type !== 'tool_call' || event.id === undefined) return undefined;
  if ((decision.kind !== 'allowed' && decision.kind !== 'denied') || decision.tool !== event.tool) return undefined;
  const outcome = recorded.get(event.id);
  if (!outcome) return undefined;
  const kind = agreementOf(decision, outcome);
  return kind === 'agree' ? { outcome } : { outcome, differs: `The session differs: ${DISAGREEMENT_TEXT[kind]}.` };
}
