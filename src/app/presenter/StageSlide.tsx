/**
 * The stage's slide for the selected step: the decision with its explanation, or, for a step that
 * decided nothing, what the engine counted of its event; the trace's narration as speaker text.
 * Names marked with backticks are drawn as code (`CodeText`), never as backticks.
 */
import { SessionDiffersNote } from '../simulator/SessionDiffersNote.tsx';
import { useLayoutEffect, useRef } from 'react';
import type { Explanation } from '../../core/simulator/explainTypes.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { decisionLabelParts, kindIcon } from '../simulator/decisionText.ts';
import { verdictOf } from './stageStep.ts';
import { tellingArgumentText } from '../../core/traces/callText.ts';
import { ExplanationBody } from '../simulator/DecisionPanel.tsx';
import { StageRunOffer } from './StageRunOffer.tsx';
import type { StageStep } from './useStageStep.ts';
import type { RecordedCall } from '../../core/permissions/claude/agreement.ts';

/** The slide's text sizes, largest first (headings and code are set in em of it). */
const SLIDE_SIZES = [20, 18, 16] as const;

export function StageSlide({ ready, step, shown, explanation, recorded }: { ready: boolean; step: number; shown: StageStep; explanation: Explanation | undefined; recorded?: RecordedCall | undefined }) {
  const { decision, event } = shown;
  const fit = useRef<HTMLElement>(null);
  // A slide fits its box: a long one is set a size or two smaller (20, 18, 16 px) before it scrolls.
  useLayoutEffect(() => {
    const el = fit.current;
    if (!el) return;
    for (const size of SLIDE_SIZES) {
      el.style.fontSize = `${size}px`;
      if (el.scrollHeight <= el.clientHeight) break;
    }
  });
  // the call's telling argument (the command, the path), when the decision is about the step's call
  const called = decision && event?.type === 'tool_call' && 'tool' in decision && decision.tool === event.tool ? tellingArgumentText(event.args, 160) : undefined;
  const label = decision ? decisionLabelParts(decision, undefined, recorded?.outcome) : { head: '', marks: [] };
  const notes = ready && shown.narration ? (
    <aside className="presenter-narration" aria-label="Speaker notes">
      <CodeText text={shown.narration} />
    </aside>
  ) : null;
  return (
    // Focusable: a slide that still scrolls (at the smallest size) is scrolled by keyboard too (axe: scrollable-region-focusable).
    <section className="presenter-decision" aria-label="Current decision" ref={fit} tabIndex={0}>
      {!ready ? (
        <StageRunOffer />
      ) : step < 0 ? (
        <>
          <p className="presenter-hint">Before the first step. Press → or Space to step.</p>
          {notes}
        </>
      ) : decision ? (
        <>
          {/* the slide's heading: the verdict and the call (the explanation's own title is left out on stage) */}
          <h2 className={`presenter-kind presenter-verdict-${verdictOf(decision.kind)}`}>
            <span aria-hidden="true">{kindIcon(decision.kind)}</span> <CodeText text={label.head} />
            {/* what followed, in words under the call (review16: one bold monospace line wrapped to four) */}
            {label.marks.length > 0 ? <span className="presenter-kind-marks"><span className="visually-hidden"> — </span>{label.marks.join(' · ')}</span> : null}
          </h2>
          {called ? (
            <p className="presenter-call" aria-label="Called with">
              <code>{called}</code>
            </p>
          ) : null}
          <SessionDiffersNote text={recorded?.differs} className="presenter-differs" />
          {notes}
          {explanation ? <ExplanationBody kind={decision.kind} explanation={explanation} stage /> : null}
        </>
      ) : shown.eventText ? (
        <>
          <p className="presenter-event">
            <CodeText text={shown.eventText} />
          </p>
          {notes}
        </>
      ) : (
        <p className="presenter-hint">Reading this step…</p>
      )}
    </section>
  );
}
