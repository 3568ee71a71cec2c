/**
 * The strip of calls along the stage's foot: one chip per step so far (its number, its event and
 * its verdict's symbol), the current one marked and scrolled into view. A chip jumps to its step.
 */
import { useEffect, useRef } from 'react';
import type { TraceItem } from '../../core/traces/events.ts';
import type { RunInfo } from '../simulator/simulationStore.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { stepNumber } from '../simulator/stepNumbering.ts';
import { eventChip, verdictOf, VERDICT_LABEL } from './stageStep.ts';

/** Chips drawn at most (the latest steps). */
const SHOWN = 200;
const ICON = { allowed: '✓', blocked: '⊘', interrupt: '⚠', quiet: '≡', current: '·' } as const;

export function CallStrip({ run, items, step }: { run: RunInfo; items: readonly TraceItem[]; step: number }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [step]);
  const from = Math.max(0, step - SHOWN + 1);
  const chips = [];
  for (let i = from; i <= step && i < items.length; i++) {
    const item = items[i] as TraceItem;
    const index = run.log.selectedByStep(i);
    const d = index !== undefined ? run.log.at(index) : undefined;
    const verdict = d ? verdictOf(d.kind) : 'current';
    const label = item.kind === 'event' ? eventChip(item.event) : `line ${item.line}`;
    chips.push(
      <li key={i}>
        <button
          type="button"
          className={`presenter-chip presenter-chip-${verdict}`}
          aria-current={i === step ? 'step' : undefined}
          aria-label={`Step ${stepNumber(i)}: ${label}${d ? `, ${VERDICT_LABEL[verdict].toLowerCase()}` : ''}`}
          onClick={() => simulationStore().getState().selectStep(i)}
        >
          <span className="presenter-chip-n">{stepNumber(i)}</span>
          {d ? <span aria-hidden="true">{ICON[verdict]}</span> : null}
          <span className="presenter-chip-label">{label}</span>
        </button>
      </li>,
    );
  }
  return (
    <nav className="presenter-strip" aria-label="Calls so far">
      {chips.length === 0 ? <p className="presenter-strip-empty">The calls appear here as you step.</p> : <ol ref={list}>{chips}</ol>}
    </nav>
  );
}
