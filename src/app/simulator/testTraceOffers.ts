/**
 * What Simulate offers when the project has no traces yet: the inline traces of its tests (the
 * examples ship tests, not traces), each to be added as a project trace and replayed as its test
 * runs it.
 */
import type { ProjectData, StudioStore } from '../state/store.ts';
import { codecsIfLoaded } from '../state/codecs.ts';
import { simulationStore } from './simulationStore.ts';
import { uniqueTraceName } from './traceEditorModel.ts';
import { openTestInSimulator } from '../tests/openTest.ts';

/** One test whose inline trace can be replayed. */
export interface TestTraceOffer {
  testFileId: string;
  test: string;
  fileName: string;
  text: string;
}

/** At most this many tests are offered (the Tests view lists them all). */
export const MAX_OFFERS = 6;

/** The project's tests with an inline trace, in file order (none while the codecs load or a test file does not read). */
export function testTraceOffers(project: Pick<ProjectData, 'tests'>): TestTraceOffer[] {
  const codecs = codecsIfLoaded();
  if (!codecs) return [];
  const offers: TestTraceOffer[] = [];
  for (const file of project.tests ?? []) {
    const p = codecs.parseTestFile(file.name, file.text);
    if (!p.ok) continue;
    for (const t of codecs.inlineTraces(p.parsed)) {
      offers.push({ testFileId: file.id, test: t.test, fileName: t.fileName, text: t.text });
      if (offers.length === MAX_OFFERS) return offers;
    }
  }
  return offers;
}

/** Replays `offer`: its trace is added to the project's traces and chosen, and run as its test runs it (its settings too). */
export function replayTestOffer(store: StudioStore, offer: TestTraceOffer): void {
  const names = (store.getState().project.traces ?? []).map((t) => t.name);
  const id = store.getState().addTrace(uniqueTraceName(names, offer.fileName), offer.text);
  simulationStore().getState().setChoice({ traceIds: [id] });
  void openTestInSimulator(store, offer.testFileId, offer.test, undefined, () => undefined);
}
