/**
 * What a Claude Code transcript records beside what the rules decide (issue 23, item 4): a
 * `tool_result` says whether the user rejected the call at its prompt ("The user doesn't want to
 * proceed with this tool use…"), the call failed, or it ran. Compared with the replay's decision
 * for the same `tool_use` id, it tells where the rules agree with the session and where they would
 * have done otherwise.
 */
import type { Decision } from '../../engine/decisions.ts';
import type { TraceEvent } from '../../traces/events.ts';
import { ASKED_AND_REFUSED } from '../../engine/tools/claudePolicy.ts';

/** Transcripts larger than this are not compared in the studio (the CLI compares any size). */
export const MAX_COMPARED_CHARS = 8 * 1024 * 1024;

/**
 * The recorded outcomes of the transcripts among `texts` small enough to compare, or undefined
 * when none records a tool result.
 */
export function recordedOutcomesOf(texts: readonly string[]): Map<string, RecordedOutcome> | undefined {
  let out: Map<string, RecordedOutcome> | undefined;
  for (const text of texts) {
    if (text.length > MAX_COMPARED_CHARS || !text.includes('tool_result')) continue;
    for (const [id, o] of recordedOutcomes(text)) (out ??= new Map()).set(id, o);
  }
  return out;
}

/** What the transcript records for one call. */
export type RecordedOutcome = 'rejected' | 'error' | 'ran';

/** The text Claude Code gives the model when the user answers no to a prompt. */
const REJECTED = "The user doesn't want to proceed with this tool use";

/** Each `tool_use` id's recorded outcome, from the transcript's `tool_result` blocks (lines that do not read are skipped). */
export function recordedOutcomes(text: string): Map<string, RecordedOutcome> {
  const out = new Map<string, RecordedOutcome>();
  for (const line of text.split('\n')) {
    if (!line.includes('tool_result')) continue;
    let obj: unknown;
    try {
      obj = JSON.parse(line);
    } catch {
      continue;
    }
    const o = obj as { type?: unknown; toolUseResult?: unknown; message?: { content?: unknown } };
    if (o.type !== 'user' || !Array.isArray(o.message?.content)) continue;
    for (const b of o.message.content as { type?: unknown; tool_use_id?: unknown; is_error?: unknown; content?: unknown }[]) {
      if (b?.type !== 'tool_result' || typeof b.tool_use_id !== 'string') continue;
      const said = typeof b.content === 'string' ? b.content : Array.isArray(b.content) ? JSON.stringify(b.content) : '';
      out.set(b.tool_use_id, said.startsWith(REJECTED) || o.toolUseResult === 'User rejected tool use' ? 'rejected' : b.is_error === true ? 'error' : 'ran');
    }
  }
  return out;
}

/** How the rules' decision for a call relates to what the session recorded. */
export type Agreement = 'agree' | 'rules-allow-rejected' | 'rules-deny-rejected' | 'rules-deny-ran';

/** One call where the rules and the session part ways. */
export interface Disagreement {
  event: number;
  tool: string;
  id: string;
  kind: Exclude<Agreement, 'agree'>;
}

export interface AgreementSummary {
  /** Calls with a recorded outcome and a decision. */
  compared: number;
  /** Calls the user rejected at a prompt, and how many of those the rules prompt for too. */
  rejected: number;
  rejectedAsked: number;
  disagreements: Disagreement[];
}

/** The call decision of an event's decisions (the one naming the called tool, not an auto or exit). */
function callDecision(decisions: readonly Decision[], tool: string): Decision | undefined {
  return decisions.find((d) => (d.kind === 'allowed' || d.kind === 'denied') && d.tool === tool);
}

/** Whether the rules asked the user about a call (a prompt answered yes, or asked and refused). */
const askedFor = (d: Decision): boolean => (d.kind === 'allowed' ? d.consent !== undefined : d.kind === 'denied' && d.message.startsWith(ASKED_AND_REFUSED));

/**
 * How the rules' decision for a call (`allowed` or `denied`) relates to what the transcript recorded
 * of it: a rejection the rules would not have asked about, or a call that ran though they deny it,
 * part ways; anything else agrees.
 */
export function agreementOf(d: Decision, outcome: RecordedOutcome): Agreement {
  if (outcome === 'rejected') return askedFor(d) ? 'agree' : d.kind === 'allowed' ? 'rules-allow-rejected' : 'rules-deny-rejected';
  return d.kind === 'denied' && !askedFor(d) ? 'rules-deny-ran' : 'agree';
}

/** Each way the rules and a session part, in words (after the call's name). */
export const DISAGREEMENT_TEXT: Readonly<Record<Exclude<Agreement, 'agree'>, string>> = {
  'rules-allow-rejected': 'the rules allow it without a prompt, but the user rejected it (asked, or interrupting it)',
  'rules-deny-rejected': 'the rules deny it outright (the user rejected it too)',
  'rules-deny-ran': 'the rules deny it, but it ran in the session',
};

/** What a transcript recorded of one decided call, and where that differs from the rules' decision, in words (undefined where they agree). */
export interface RecordedCall {
  outcome: RecordedOutcome;
  differs?: string;
}

/**
 * What the transcript recorded of `decision`'s call (`event`, by its `tool_use` id); undefined
 * where it recorded nothing of it or the decision is not the call's own (an auto or exit decision).
 */
export function recordedCallOf(decision: Decision, event: TraceEvent | undefined, recorded: ReadonlyMap<string, RecordedOutcome> | undefined): RecordedCall | undefined {
  if (!recorded || event?.type !== 'tool_call' || event.id === undefined) return undefined;
  if ((decision.kind !== 'allowed' && decision.kind !== 'denied') || decision.tool !== event.tool) return undefined;
  const outcome = recorded.get(event.id);
  if (!outcome) return undefined;
  const kind = agreementOf(decision, outcome);
  return kind === 'agree' ? { outcome } : { outcome, differs: `The session differs: ${DISAGREEMENT_TEXT[kind]}.` };
}

/** Compares decisions with recorded outcomes as the replay goes, event by event. */
export function createAgreementTracker(recorded: ReadonlyMap<string, RecordedOutcome>) {
  const summary: AgreementSummary = { compared: 0, rejected: 0, rejectedAsked: 0, disagreements: [] };
  return {
    /** Sees one event and the decisions it caused. */
    observe(event: TraceEvent, index: number, decisions: readonly Decision[]): void {
      if (event.type !== 'tool_call' || event.id === undefined) return;
      const outcome = recorded.get(event.id);
      const d = callDecision(decisions, event.tool);
      if (!outcome || !d) return;
      summary.compared++;
      const kind = agreementOf(d, outcome);
      if (outcome === 'rejected') {
        summary.rejected++;
        if (askedFor(d)) summary.rejectedAsked++;
      }
      if (kind !== 'agree') summary.disagreements.push({ event: index, tool: event.tool, id: event.id, kind });
    },
    summary: (): AgreementSummary => summary,
  };
}

/** The summary in words, for a terminal (stderr beside the decision stream); `escape` is applied to every name from the input. */
export function agreementText(s: AgreementSummary, escape: (s: string) => string = (x) => x): string {
  if (s.compared === 0) return 'The trace records no tool results to compare the rules with.';
  const lines = [`Compared with what the transcript records, ${s.compared} call${s.compared === 1 ? '' : 's'}: ${s.compared - s.disagreements.length} agree.`];
  if (s.rejected > 0) lines.push(`  ${s.rejected} rejected by the user (at a prompt, or interrupted); the rules prompt for ${s.rejectedAsked} of them.`);
  for (const d of s.disagreements.slice(0, 20)) lines.push(`  event ${d.event + 1} ${escape(d.tool)} (${escape(d.id)}): ${DISAGREEMENT_TEXT[d.kind]}`);
  if (s.disagreements.length > 20) lines.push(`  … and ${s.disagreements.length - 20} more`);
  return lines.join('\n');
}
