/**
 * Deduplicated calls said as such, above the timeline: how many calls of the run were merged into
 * an identical call within the dedupe window (they did not run and were not counted, so a limit
 * the trace meant to hit may not be), and one click to replay this run with the window off. A run
 * replayed so says it, with the way back to the settings' window.
 */
import { formatCount } from '../formatCount.ts';
import { Button } from '../components/ui/Button.tsx';
import { formToSettings } from './settingsForm.ts';
import { simulationStore } from './simulationStore.ts';
import { useSimulation } from './useSimulation.ts';
import { windowText } from './decisionText.ts';

export function DedupeBar() {
  const run = useSimulation((s) => s.run);
  const merged = useSimulation((s) => s.summary?.byKind.deduplicated ?? 0);
  const form = useSimulation((s) => s.form);
  if (!run || run.status === 'running') return null;
  const read = formToSettings(form);
  const formWindow = read.ok ? read.settings.dedupeWindowMs : undefined;
  const window = run.settings.dedupeWindowMs;
  const sim = simulationStore().getState();
  if (window === 0 && formWindow !== undefined && formWindow > 0)
    return (
      <p className="sim-dedupe" role="note">
        <span>Dedupe window off for this run (the settings keep {windowText(formWindow)}).</span>
        <Button variant="ghost" label={`Run with the ${windowText(formWindow)} window`} onClick={() => void sim.rerunWithDedupe(formWindow)} />
      </p>
    );
  if (merged === 0) return null;
  return (
    <p className="sim-dedupe" role="note">
      <span>
        {formatCount(merged)} {merged === 1 ? 'call was' : 'calls were'} merged as duplicates (same tool and arguments within the {windowText(window)} dedupe window): not run, not counted.
      </span>
      <Button variant="ghost" label="Turn the window off for this run" onClick={() => void sim.rerunWithDedupe(0)} />
    </p>
  );
}
