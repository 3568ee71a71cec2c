/**
 * The strip of calls along the stage's foot: one chip per step so far (its number, its event and
 * its verdict's symbol) and, for a step that made several decisions, a small sub-chip for each of
 * its other decisions (an automatic call, the exit; see callStrip.ts). The chip of the slide's
 * decision is marked (`aria-current="step"`) and scrolled into view; a chip goes to its decision.
 */
import { useEffect, useRef } from 'react';
import type { TraceItem } from '../../core/traces/events.ts';
import type { RunInfo } from '../simulator/simulationStore.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { stripSteps, type StripChip } from './callStrip.ts';
import type { SlideNumbers } from './stageStep.ts';
import { scrollBehavior } from '../graph/motion.ts';

/** Steps drawn at most (the latest). */
const SHOWN = 200;

function go(chip: StripChip, step: number): void {
  const s = simulationStore().getState();
  if (chip.decision !== undefined) s.selectDecision(chip.decision);
  else s.selectStep(step);
}

export function CallStrip({ run, items, step, selected, quiet, slides }: { run: RunInfo; items: readonly TraceItem[]; step: number; selected: number | undefined; quiet: ReadonlySet<number>; slides: SlideNumbers }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: scrollBehavior() });
  }, [step, selected]);
  const steps = stripSteps(run.log, items, step - SHOWN + 1, step, selected, quiet, slides.of);
  const chip = (c: StripChip, i: number) => (
    <button
      key={c.decision ?? `s${i}`}
      type="button"
      className={`presenter-chip presenter-chip-${c.verdict}${c.sub ? ' presenter-chip-sub' : ''}`}
      aria-current={c.current ? 'step' : undefined}
      aria-label={c.name}
      onClick={() => go(c, i)}
    >
      <span className="presenter-chip-n">{c.number}</span>
      {c.icon !== undefined ? <span aria-hidden="true">{c.icon}</span> : null}
      <span className="presenter-chip-label">{c.label}</span>
    </button>
  );
  return (
    <nav className="presenter-strip" aria-label="Calls so far">
      {steps.length === 0 ? (
        <p className="presenter-strip-empty">The calls appear here as you step.</p>
      ) : (
        <ol ref={list}>
          {steps.map((s) =>
            s.chips.length === 1 ? (
              <li key={s.step}>{chip(s.chips[0] as StripChip, s.step)}</li>
            ) : (
              <li key={s.step} className="presenter-chip-group">
                {s.chips.map((c) => chip(c, s.step))}
              </li>
            ),
          )}
        </ol>
      )}
    </nav>
  );
}
