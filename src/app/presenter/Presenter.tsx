/**
 * The presenter view: full screen over the workspace, the graph and the current decision at stage
 * size (graph labels ≥ 18 px at 1280×720), a step counter, and keyboard stepping: → or Space
 * forward, ← back, Home / End to the ends, Escape leaves. Its own light, dark and high-contrast
 * themes. Teaching links and walk-throughs open straight into it.
 */
import { useEffect, useState } from 'react';
import { useSimulation } from '../simulator/useSimulation.ts';
import { decisionOf, simulationStore } from '../simulator/simulationStore.ts';
import { useSimulationHighlight } from '../simulator/highlight.ts';
import { Canvas } from '../graph/Canvas.tsx';
import { Button } from '../components/ui/Button.tsx';
import { decisionLabel, kindIcon } from '../simulator/decisionText.ts';
import { ExplanationBody } from '../simulator/DecisionPanel.tsx';
import { useStudio } from '../state/context.tsx';
import { stageKey, type StageTheme } from './stageKeys.ts';
import { stepCounter } from '../simulator/stepNumbering.ts';
import './presenter.css';

const THEMES: { id: StageTheme; label: string }[] = [
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
  { id: 'contrast', label: 'High contrast' },
];

function initialTheme(): StageTheme {
  const forced = document.documentElement.dataset['theme'];
  if (forced === 'light' || forced === 'dark') return forced;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
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
  const highlight = useSimulationHighlight();
  const title = useStudio((s) => s.project.name);
  const [theme, setTheme] = useState<StageTheme>(initialTheme);
  const sim = simulationStore().getState();
  const items = run?.items ?? 0;
  const last = items - 1;
  // the decision's window may still be on its way: the step state the worker sent holds it too
  useSimulation((s) => s.version);
  const decision = decisionOf(run, selected, inspection);
  const explanation = inspection?.seq === selected ? inspection?.explanation : undefined;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest('select, input, textarea')) return;
      const action = stageKey(e.key, t?.tagName === 'BUTTON');
      if (!action) return;
      e.preventDefault();
      const s = simulationStore().getState();
      const end = (s.run?.items ?? 0) - 1;
      if (action === 'exit') s.setPresenter(false);
      else if (action === 'first') s.selectStep(-1);
      else if (action === 'last') s.selectStep(end);
      else s.stepBy(action === 'next' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const ready = run !== undefined && run.status !== 'running' && items > 0;
  return (
    <div className="presenter" role="dialog" aria-modal="true" aria-label="Presenter view" data-stage-theme={theme}>
      <header className="presenter-bar">
        <h2 className="presenter-title">{title}</h2>
        <div className="presenter-steps" role="group" aria-label="Step-through">
          <Button iconOnly icon="first" label="First step" shortcut="Home" disabled={!ready || step <= -1} onClick={() => sim.selectStep(-1)} />
          <Button iconOnly icon="prev" label="Step back" shortcut="←" disabled={!ready || step <= -1} onClick={() => sim.stepBy(-1)} />
          {playing ? (
            <Button iconOnly variant="primary" icon="pause" label="Pause" onClick={() => sim.pause()} />
          ) : (
            <Button iconOnly variant="primary" icon="play" label="Play" disabled={!ready} onClick={() => sim.play()} />
          )}
          <Button iconOnly icon="next" label="Step forward" shortcut="→ or Space" disabled={!ready || step >= last} onClick={() => sim.stepBy(1)} />
          <Button iconOnly icon="last" label="Last step" shortcut="End" disabled={!ready || step >= last} onClick={() => sim.selectStep(last)} />
          <output className="presenter-counter" aria-live="polite">
            {ready ? stepCounter(step, items) : 'No run yet'}
          </output>
        </div>
        <div className="segmented" role="group" aria-label="Stage theme">
          {THEMES.map((t) => (
            <button key={t.id} type="button" className="btn" aria-pressed={theme === t.id} onClick={() => setTheme(t.id)}>
              {t.label}
            </button>
          ))}
        </div>
        <Button icon="close" label="Exit" shortcut="Esc" onClick={() => sim.setPresenter(false)} />
      </header>
      <div className="presenter-stage">
        <div className="presenter-graph">
          <Canvas stage docId={highlight?.docId} label="Stage graph" />
        </div>
        <section className="presenter-decision" aria-label="Current decision">
          {!ready ? (
            <p className="presenter-hint">Run a trace in Simulate mode, then present it here.</p>
          ) : !decision ? (
            <p className="presenter-hint">Before the first step. Press → or Space to step.</p>
          ) : (
            <>
              <p className={`presenter-kind sim-k-${decision.kind}`}>
                <span aria-hidden="true">{kindIcon(decision.kind)}</span> {decisionLabel(decision)}
              </p>
              {explanation ? <ExplanationBody kind={decision.kind} explanation={explanation} /> : null}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
