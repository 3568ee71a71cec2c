/** What the Corpus view does beyond its store: the settings it replays with, downloads, opening a session. */
import { ChosenSettings } from '../../core/engine/settings.ts';
import { reportHtml } from '../../core/corpus/render.ts';
import type { CorpusReport, SessionReport } from '../../core/corpus/summary.ts';
import { downloadText } from '../simulator/downloads.ts';
import { formToSettings } from '../simulator/settingsForm.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { blobText } from '../persistence/blobText.ts';
import type { StudioStore } from '../state/store.ts';
import { corpusStore } from './corpusStore.ts';

/** The simulator's settings (profile, dedupe…): a session opened from the corpus replays as it was summed up. */
export function corpusSettings(): ChosenSettings {
  const read = formToSettings(simulationStore().getState().form);
  return read.ok ? read.settings : ChosenSettings.parse({});
}

/** Offers the report as `corpus-report.json` (what `rule-studio report --format json` writes) or `.html`. */
export function downloadReport(report: CorpusReport | undefined, format: 'json' | 'html'): void {
  if (!report) return;
  if (format === 'json') downloadText('corpus-report.json', `${JSON.stringify(report, null, 2)}\n`, 'application/json');
  else downloadText('corpus-report.html', reportHtml(report), 'text/html');
}

/**
 * Adds session `s` to the project's traces (once: a trace of that name and text is reused), replays
 * it in the simulator and selects its first violation. Returns false with a notice when its file
 * is gone or unreadable.
 */
export async function openSessionInSimulator(store: StudioStore, s: SessionReport, show: () => void): Promise<boolean> {
  const file = corpusStore().getState().sessions.find((x) => x.name === s.name)?.file;
  if (!file) {
    store.getState().notify('error', `${s.name} is no longer open in the Corpus view.`);
    return false;
  }
  let text: string;
  try {
    text = await blobText(file);
  } catch (e) {
    store.getState().notify('error', `${s.name} could not be read: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
  const existing = (store.getState().project.traces ?? []).find((t) => t.name === s.name && t.text === text);
  const id = existing?.id ?? store.getState().addTrace(s.name, text);
  const sim = simulationStore().getState();
  sim.setChoice({ traceIds: [id] });
  show();
  await sim.start(store.getState().project);
  if (s.violations > 0) {
    simulationStore().getState().selectStep(-1);
    await simulationStore().getState().nextViolation();
  }
  return true;
}
