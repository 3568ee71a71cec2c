/**
 * Applies an import to the studio: documents join the current project (one undo step); a project
 * bundle opens as a new project, so the current one is never overwritten (autosave has stored it
 * and it can be reopened from the Examples dialog's saved projects).
 */
import type { StudioStore } from '../state/store.ts';
import { TRACE_FORMAT_LABELS, type ImportReading } from './importReading.ts';
import { modelsFromTexts, projectOfBundle } from './projectBundle.ts';
import { adoptAnalysis, type DocAnalysis } from '../analysis/docAnalysis.ts';

/**
 * Applies `reading` and tells the user what happened; returns whether anything changed. A trace
 * joins the project's traces (one undo step) and its new id is handed to `onTrace`. `analyses`
 * (from the import worker, one per document) give the documents their layout and diagnostics.
 */
export function applyImport(store: StudioStore, reading: ImportReading, onTrace?: (traceId: string) => void, analyses: readonly DocAnalysis[] = []): boolean {
  const s = store.getState();
  switch (reading.kind) {
    case 'refused':
      s.notify('error', reading.message);
      return false;
    case 'docs': {
      s.addDocs(reading.docs.map((d, i) => {
        const a = analyses[i];
        return a ? adoptAnalysis(d, a) : d;
      }), true);
      const names = reading.docs.map((d) => d.fileName).join(', ');
      const b = reading.broken;
      const first = reading.docs[0];
      // A broken file is opened to be fixed: the bottom panel opens on its Source at the error.
      if (b && first) s.revealRange(first.id, { start: { line: b.line, column: b.column }, end: { line: b.line, column: b.column } });
      if (b) s.notify('error', `Opened ${names} to be fixed: line ${b.line}, column ${b.column}: ${b.message.replace(/[.\s]+$/, '')}. Fix it in Source; the graph appears once the file reads.`);
      else s.notify('info', `Imported ${names}.`);
      return true;
    }
    case 'trace': {
      const id = s.addTrace(reading.name, reading.text);
      if (reading.sessionLog) s.notify('info', `Added ${reading.name} (${reading.sessionLog}) to the project's traces; the Policy view counts the calls it recorded.`);
      else if (reading.problem) s.notify('error', `Added ${reading.name} (${TRACE_FORMAT_LABELS[reading.format]}) to the project's traces, with problems to fix in Simulate mode: ${reading.problem.replace(/[.\s]+$/, '')}.`);
      else s.notify('info', `Added ${reading.name} (${TRACE_FORMAT_LABELS[reading.format]}) to the project's traces; replay it in Simulate mode.`);
      onTrace?.(id);
      return true;
    }
    case 'test': {
      const existing = s.project.tests?.find((t) => t.name === reading.name);
      if (existing) s.setTestText(existing.id, reading.text);
      else s.addTest(reading.name, reading.text);
      s.notify('info', `${existing ? 'Updated' : 'Added'} the test file ${reading.name}; its tests run in the Tests view.`);
      return true;
    }
    case 'bundle': {
      const previous = s.project;
      // As a share link: each model is rebuilt from its document's text, so what shows is what runs.
      const { bundle, notes } = modelsFromTexts(reading.bundle);
      s.loadProject(projectOfBundle(bundle, { fresh: true }));
      const kept = previous.docs.length > 0 ? ` Your previous project “${previous.name}” is still saved (Examples → Saved projects).` : '';
      s.notify('info', `Opened project “${reading.bundle.name}” from ${reading.source}.${kept}`);
      for (const w of [...reading.warnings, ...notes]) s.notify('error', w);
      return true;
    }
  }
}
