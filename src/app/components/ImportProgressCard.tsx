/**
 * The card shown while a file is imported in the worker: what it is doing, a progress bar and
 * Cancel. It appears only after a moment, so a small file's import does not flash it.
 */
import { useStore } from 'zustand';
import { importProgressStore, describeImport, importFraction } from '../persistence/importProgress.ts';
import { importClient } from '../persistence/importHandlers.ts';
import { Button } from './ui/Button.tsx';
import { ProgressBar } from './ui/ProgressBar.tsx';

const mb = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export function ImportProgressCard() {
  const active = useStore(importProgressStore, (s) => s.active);
  if (!active) return null;
  const label = describeImport(active);
  const percent = Math.round(importFraction(active.progress) * 100);
  return (
    <div className="import-progress" role="group" aria-label="Import in progress">
      <div className="import-progress-text">
        <span>{label}…</span>
        <span className="muted">{mb(active.size)}</span>
      </div>
      <div className="import-progress-row">
        <ProgressBar label={label} percent={percent} className="import-progress-bar" fillClassName="import-progress-fill" minFill={4} />
        <Button variant="ghost" label="Cancel" onClick={() => importClient().cancel()} />
      </div>
    </div>
  );
}
