/** Step-through: Step back, Play / Pause, Step forward, a scrub slider over the trace items and the speed. */
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { Button } from '../components/ui/Button.tsx';
import { stepCounter } from './stepNumbering.ts';
import { Select } from '../components/ui/Select.tsx';

const SPEEDS = [1, 2, 4, 8, 16, 30, 60];

export function StepControls() {
  const run = useSimulation((s) => s.run);
  const step = useSimulation((s) => s.step);
  const playing = useSimulation((s) => s.playing);
  const speed = useSimulation((s) => s.speed);
  const sim = simulationStore().getState();
  const ready = run !== undefined && run.status !== 'running' && run.status !== 'invalid' && run.items > 0;
  const last = (run?.items ?? 0) - 1;
  return (
    <div className="sim-steps" role="group" aria-label="Step-through">
      <Button iconOnly icon="first" label="First step" shortcut="Home" onClick={() => sim.selectStep(-1)} disabled={!ready || step <= -1} />
      <Button iconOnly icon="prev" label="Step back" shortcut="←" onClick={() => sim.stepBy(-1)} disabled={!ready || step <= -1} />
      {playing ? (
        <Button iconOnly variant="primary" icon="pause" label="Pause" onClick={() => sim.pause()} />
      ) : (
        <Button iconOnly variant="primary" icon="play" label="Play" onClick={() => sim.play()} disabled={!ready} />
      )}
      <Button iconOnly icon="next" label="Step forward" shortcut="→" onClick={() => sim.stepBy(1)} disabled={!ready || step >= last} />
      <Button iconOnly icon="last" label="Last step" shortcut="End" onClick={() => sim.selectStep(last)} disabled={!ready || step >= last} />
      <input
        type="range"
        aria-label="Step"
        min={-1}
        max={Math.max(-1, last)}
        value={step}
        aria-valuetext={ready ? (step < 0 ? `Before step 1 of ${run.items}` : stepCounter(step, run.items)) : 'No run'}
        disabled={!ready}
        onChange={(e) => sim.selectStep(Number(e.target.value))}
      />
      {/* Said when stepped to (not while playing: at 30 steps a second it would talk over itself). */}
      <span className="sim-stepnum" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        {ready ? stepCounter(step, run.items) : 'No run'}
      </span>
      <label className="sim-speed">
        <span className="visually-hidden">Speed</span>
        <Select size="sm" value={String(speed)} onChange={(v) => sim.setSpeed(Number(v))} options={SPEEDS.map((s) => ({ value: String(s), label: `${s}/s` }))} />
      </label>
    </div>
  );
}
