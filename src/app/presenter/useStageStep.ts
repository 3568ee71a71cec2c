/**
 * Everything the presenter shows about the selected step, gathered from the run, the worker's step
 * state and the trace's text: its decision or event, the narration written for it, the node it is
 * about with its verdict and the calls of the strip (the path walked is the canvas's: usePathWalked.ts).
 */
import { useMemo } from 'react';
import type { Decision } from '../../core/engine/decisions.ts';
import type { TraceEvent, TraceItem } from '../../core/traces/events.ts';
import { readTrace } from '../../core/traces/readTrace.ts';
import { estimateTraceItems } from '../../core/traces/estimate.ts';
import { traceNarration, type TraceNarration } from '../../core/traces/narration.ts';
import { ruleToolOf } from '../../core/graph/lettaEdits.ts';
import type { RuleDoc } from '../state/documents.ts';
import { decisionOf, type RunInfo } from '../simulator/simulationStore.ts';
import type { Inspection } from '../../worker/protocol.ts';
import type { SimulationHighlight } from '../simulator/highlightOf.ts';
import { eventSlide, verdictOf, type Verdict } from './stageStep.ts';

/** Traces up to this many items are read on the page for the strip and the narration (walk-throughs are tens). */
export const STAGE_TRACE_ITEMS = 5_000;

export interface StageTrace {
  items: readonly TraceItem[];
  narration: TraceNarration;
}

const NO_NARRATION: TraceNarration = { byLine: new Map() };

/** The run's trace read on the page (a small trace only; undefined otherwise). */
export function useStageTrace(run: RunInfo | undefined): StageTrace | undefined {
  const text = run?.traceText;
  const name = run?.traceNames[0];
  return useMemo(() => {
    if (text === undefined || name === undefined || estimateTraceItems(name, text) > STAGE_TRACE_ITEMS) return undefined;
    const read = readTrace(name, text);
    return { items: read.items, narration: read.format === 'scripted' ? traceNarration(text) : NO_NARRATION };
  }, [text, name]);
}

export interface StageStep {
  decision?: Decision | undefined;
  event?: TraceEvent | undefined;
  /** The slide's text for a step that decided nothing (backtick-marked names). */
  eventText?: string | undefined;
  /**
   * What the trace's author wrote about this step; before the first step, the lead-in of the
   * walk-through or teaching link the trace came with, then what its author wrote about the trace.
   */
  narration?: string | undefined;
  /** The node the step is about, and the other end of its deciding rule. */
  focus: readonly string[];
  current?: string | undefined;
  verdict?: Verdict | undefined;
}

/** The words before the first step: the trace's lead-in, then its author's introduction (either may be missing). */
const leadIn = (note: string | undefined, intro: string | undefined): string | undefined => [note, intro].filter((t) => t !== undefined && t !== '').join(' ') || undefined;

/** The selected step as the stage shows it. */
export function useStageStep(
  run: RunInfo | undefined,
  step: number,
  selected: number | undefined,
  inspection: Inspection | undefined,
  highlight: SimulationHighlight | undefined,
  doc: RuleDoc | undefined,
  trace: StageTrace | undefined,
  version: number,
): StageStep {
  return useMemo(() => {
    const decision = decisionOf(run, selected, inspection);
    const state = inspection?.state.step === step ? inspection.state : undefined;
    const item = step >= 0 ? trace?.items[step] : undefined;
    const event = state?.event ?? (item?.kind === 'event' ? item.event : undefined);
    const workflow = state?.snapshot.workflow;
    const line = item?.kind === 'event' ? item.line : undefined;
    const prevLine = step > 0 ? trace?.items[step - 1]?.line : undefined;
    // The author's note on a trace line is about its own call: on a step of several decisions (an
    // automatic call first) it goes with the step's last one, the call's, not the automatic one.
    const range = run && step >= 0 ? run.log.rangeOfStep(step) : undefined;
    const own = selected === undefined || range === undefined || range.to <= range.from || selected === range.to - 1;
    const narration = step < 0 ? leadIn(run?.traceNote, trace?.narration.intro) : own && line !== undefined && line !== prevLine ? trace?.narration.byLine.get(line) : undefined;

    // The node: the decision's (highlight), else the phase the workflow is in, else the call's tool.
    const fromEvent = workflow?.node ?? (event?.type === 'tool_call' ? event.tool : undefined);
    const current = highlight?.tool ?? highlight?.node ?? fromEvent;
    const ruleTool = doc?.kind === 'agent' && highlight?.toolRule !== undefined ? ruleToolOf(doc.agent, highlight.toolRule) : undefined;
    const focus = [current, ruleTool].filter((n): n is string => n !== undefined);

    const nodeRules = doc?.kind === 'workflow' && workflow?.node ? doc.workflow.nodes.find((n) => n.name === workflow.node)?.rules : undefined;
    const eventText = !decision && event ? eventSlide(event, { workflow, tools: state?.snapshot.tools, nodeRules }) : undefined;

    return {
      decision,
      event,
      eventText,
      narration,
      focus,
      current,
      verdict: decision ? verdictOf(decision.kind) : current !== undefined ? 'current' : undefined,
    };
    // `version`: the run's decision windows arrived (the log is read outside React state).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, step, selected, inspection, highlight, doc, trace, version]);
}
