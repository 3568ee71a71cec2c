/**
 * The presenter view: full screen over the workspace for a classroom. The graph at stage size (node
 * text ≥ 18 px at 1280×720: the whole graph when it fits, else a calm pan to the step's node with an
 * overview), the path walked so far and the current node in its verdict's state; a slide for every
 * step (its decision, or what the engine counted of its event) with the trace's narration as
 * speaker text; the strip of calls so far; a step counter and keyboard stepping (→ or Space
 * forward, ← back, Home / End to the ends, Escape leaves); its own light, dark and high-contrast
 * themes; and the teaching link of the step shown. Teaching links and walk-throughs open into it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSimulation } from '../simulator/useSimulation.ts';
import { simulationStore, type RunInfo } from '../simulator/simulationStore.ts';
import { useSimulationHighlight } from '../simulator/highlight.ts';
import { Canvas } from '../graph/Canvas.tsx';
import { Button } from '../components/ui/Button.tsx';
import { SegmentedControl, type Segment } from '../components/ui/SegmentedControl.tsx';
import { useStudio } from '../state/context.tsx';
import { stageKey, type StageTheme } from './stageKeys.ts';
import { useStageStep, useStageTrace } from './useStageStep.ts';
import { stageCss } from './stageTrace.ts';
import { nextShownStep, quietSteps, slideNumbers, stageMove, type SlideNumbers } from './stageStep.ts';
import { StageSlide } from './StageSlide.tsx';
import { decisionLabel } from '../simulator/decisionText.ts';
import { stepCounter } from '../simulator/stepNumbering.ts';
import { CallStrip } from './CallStrip.tsx';
import { TeachingLinkButton } from './TeachingLinkButton.tsx';
import './presenter.css';

const THEMES: readonly Segment<StageTheme>[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'contrast', label: 'High contrast' },
];

function initialTheme(): StageTheme {
  const forced = document.documentElement.dataset['theme'];
  if (forced === 'light' || forced === 'dark') return forced;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * `Step 6 of 8`, and on a step that made several decisions which one is shown (`decision 2 of 3`):
 * the counter counts the slides (the steps shown, `slideNumbers`), so it never reads `Step 6.2 of
 * 8` (nor `Step 16.2 of 16` on a last step that ends the loop, which reads as a step past the end),
 * and one key is one more.
 */
function stageCounter(run: RunInfo, step: number, selected: number | undefined, slides: SlideNumbers): { counter: string; decision?: string } {
  const counter = `Step ${slides.of(step)} of ${slides.total}`;
  if (step < 0 || selected === undefined) return { counter };
  const { from, to } = run.log.rangeOfStep(step);
  return to - from > 1 && selected >= from && selected < to ? { counter, decision: `decision ${selected - from + 1} of ${to - from}` } : { counter };
}

/** → / ← on stage: each decision of a step in turn, then the next step shown (see stageMove). */
function go(delta: 1 | -1, quiet: ReadonlySet<number>): void {
  const s = simulationStore().getState();
  const run = s.run;
  if (!run) return;
  const to = stageMove({ step: s.step, decision: s.selected }, delta, run.items - 1, quiet, (i) => run.log.rangeOfStep(i));
  if (!to) return;
  if (to.decision !== undefined) s.selectDecision(to.decision);
  else s.selectStep(to.step);
}

/** The step counter, with the decision shown under it when its step made several. */
function StageCounter({ counter, decision }: { counter: string; decision?: string }) {
  return (
    <>
      {counter}
      {decision ? (
        <span className="presenter-counter-decision">
          <span className="visually-hidden">, </span>
          {decision}
        </span>
      ) : null}
    </>
  );
}

export function Presenter() {
  const open = useSimulation((s) => s.presenter);
  return open ? <Stage /> : null;
}

function Stage() {
  const run = useSimulation((s) => s.run);
  const step = useSimulation((s) => s.step);
  const selected = useSimulation((s) => s.selected);
  const inspection = useSimulation((s) => s.inspection);
  const playing = useSimulation((s) => s.playing);
  // the decision's window may still be on its way: the step state the worker sent holds it too
  const version = useSimulation((s) => s.version);
  const highlight = useSimulationHighlight();
  const title = useStudio((s) => s.project.name);
  const doc = useStudio((s) => s.project.docs.find((d) => d.id === (highlight?.docId ?? run?.workflowDocId ?? run?.agentDocId)));
  const [theme, setTheme] = useState<StageTheme>(initialTheme);
  const sim = simulationStore().getState();
  const items = run?.items ?? 0;
  const last = items - 1;
  const trace = useStageTrace(run);
  const shown = useStageStep(run, step, selected, inspection, highlight, doc, trace, version);
  // the transcript's record of this call, where it parts from the rules (a rejection they would not ask about)
  const recorded = shown.decision && inspection?.seq === shown.decision.seq ? inspection.recorded : undefined;
  // Steps that are not slides (a tool run's token counts): ← / → and the buttons step over them.
  const quiet = useMemo(
    () =>
      run && trace
        ? quietSteps({ items: trace.items, workflow: run.workflowDocId !== undefined, decided: (i) => { const r = run.log.rangeOfStep(i); return r.to > r.from; }, noted: (line) => trace.narration.byLine.has(line) })
        : new Set<number>(),
    [run, trace],
  );
  const slides = useMemo(() => slideNumbers(items, quiet), [items, quiet]);
  const quietRef = useRef(quiet);
  useEffect(() => {
    quietRef.current = quiet;
  }, [quiet]);
  const lastShown = nextShownStep(last + 1, -1, last, quiet);
  const canForward = run !== undefined && run.status !== 'running' && items > 0 && stageMove({ step, decision: selected }, 1, last, quiet, (i) => run.log.rangeOfStep(i)) !== undefined;

  // Leaving gives the focus back where it was when the presenter opened (the Present button), as a
  // dialog does: it never drops to the page.
  // Opening moves the focus into the presenter, as a modal dialog's does (Alt+3 left it on the page).
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && active.closest('.presenter') === null ? active : null;
    if (!root.current?.contains(document.activeElement)) root.current?.focus({ preventScroll: true });
    return () => {
      const present = [...document.querySelectorAll<HTMLElement>('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === 'Present');
      const back = opener?.isConnected ? opener : present;
      window.requestAnimationFrame(() => back?.focus({ preventScroll: true }));
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest('select, input, textarea')) return;
      // ← / → step the run wherever the focus is (after a theme was chosen too: a clicker sends them).
      const action = stageKey(e.key, t?.tagName === 'BUTTON');
      if (!action) return;
      e.preventDefault();
      const s = simulationStore().getState();
      const end = (s.run?.items ?? 0) - 1;
      if (action === 'exit') s.setPresenter(false);
      else if (action === 'first') s.selectStep(-1);
      else if (action === 'last') s.selectStep(nextShownStep(end + 1, -1, end, quietRef.current));
      else go(action === 'next' ? 1 : -1, quietRef.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const ready = run !== undefined && run.status !== 'running' && items > 0;
  // what the slide's heading says, for the live region (names without their backtick marks)
  const heading = (shown.decision ? decisionLabel(shown.decision, undefined, recorded?.outcome) : step >= 0 ? shown.eventText : undefined)?.replace(/`/g, '');
  const marks = ready && step >= 0 ? stageCss('.presenter-graph .rs-flow', { current: shown.current, verdict: shown.verdict }) : '';
  return (
    <div ref={root} tabIndex={-1} className="presenter" role="dialog" aria-modal="true" aria-label="Presenter view" data-stage-theme={theme}>
      <header className="presenter-bar">
        {/* the stage's one h1 and, below, its main landmark (review17 s8: axe found neither) */}
        <h1 className="presenter-title" title={title}>
          {title}
        </h1>
        <div className="presenter-steps" role="group" aria-label="Step-through">
          <Button iconOnly icon="first" label="First step" shortcut="Home" disabled={!ready || step <= -1} onClick={() => sim.selectStep(-1)} />
          <Button iconOnly icon="prev" label="Step back" shortcut="←" disabled={!ready || step <= -1} onClick={() => go(-1, quiet)} />
          {playing ? (
            <Button iconOnly variant="primary" icon="pause" label="Pause" onClick={() => sim.pause()} />
          ) : (
            <Button iconOnly {...(ready ? { variant: 'primary' as const } : {})} icon="play" label="Play" disabled={!ready} onClick={() => sim.play()} />
          )}
          <Button iconOnly icon="next" label="Step forward" shortcut="→ or Space" disabled={!canForward} onClick={() => go(1, quiet)} />
          <Button iconOnly icon="last" label="Last step" shortcut="End" disabled={!ready || step >= lastShown} onClick={() => sim.selectStep(lastShown)} />
          <div className="presenter-count">
            {/* The one live region: the counter and the slide's heading (its verdict and call), heard together. */}
            <div className="presenter-live" role="status" aria-atomic="true">
              <span className="presenter-counter">
                {/* counted in slides: steps that are not slides (token counts) are not counted, so the last reads "8 of 8" */}
                {ready ? <StageCounter {...stageCounter(run, step, selected, slides)} /> : 'No run yet'}
              </span>
              {ready && heading ? <span className="visually-hidden">. {heading}</span> : null}
            </div>
            {/* The stage counts slides; the simulator counts every step of the trace (a tool's result
                too). Where the two differ, the step the simulator shows is named (review17 s3). */}
            {ready && step >= 0 && slides.total !== items ? (
              <span className="presenter-trace-step" title={`The presenter counts the ${slides.total} steps it shows as slides; the simulator counts all ${items} steps of the trace`}>
                {stepCounter(step, items).replace(/^Step/, 'simulator step')}
              </span>
            ) : null}
          </div>
        </div>
        <SegmentedControl<StageTheme> label="Stage theme" value={theme} onChange={setTheme} items={THEMES} />
        {ready ? <TeachingLinkButton /> : null}
        <Button icon="close" label="Exit" shortcut="Esc" onClick={() => sim.setPresenter(false)} />
      </header>
      <main className="presenter-stage" aria-label="Stage">
        <div className="presenter-graph">
          {marks ? <style>{marks}</style> : null}
          <Canvas stage docId={doc?.id} label="Stage graph" focus={shown.focus} />
        </div>
        <StageSlide ready={ready} step={step} shown={shown} explanation={inspection?.seq === selected ? inspection?.explanation : undefined} recorded={recorded} />
      </main>
      {ready && trace ? <CallStrip run={run} items={trace.items} step={step} selected={selected} quiet={quiet} slides={slides} /> : null}
    </div>
  );
}
