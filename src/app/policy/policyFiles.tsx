/**
 * Which of a dialect's rule files its Policy view counts: all of them unless the user leaves some
 * out (to compare a translated file with the original, or to see one tier alone). Kept for the tab's
 * session, per dialect, as paths left out, so a file added later is counted.
 */
import { useMemo } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { Button } from '../components/ui/Button.tsx';
import { Checkbox } from '../components/ui/Checkbox.tsx';
import { Popover } from '../components/ui/Popover.tsx';
import type { PolicyDialectId } from './translateStore.ts';

const leftOut = createStore<Partial<Record<PolicyDialectId, readonly string[]>>>()(() => ({}));

/** The files of `all` the view counts (memoised while neither changes). */
export function useCountedFiles<F extends { path: string }>(dialect: PolicyDialectId, all: readonly F[]): F[] {
  const out = useStore(leftOut, (s) => s[dialect]);
  return useMemo(() => {
    const kept = out && out.length > 0 ? all.filter((f) => !out.includes(f.path)) : [];
    // every file left out (the one counted was since removed from the project): all count again
    return kept.length > 0 ? kept : [...all];
  }, [all, out]);
}

/** Counts `path` again (`on`) or leaves it out. */
function setCounted(dialect: PolicyDialectId, path: string, on: boolean): void {
  leftOut.setState((s) => {
    const now = (s[dialect] ?? []).filter((p) => p !== path);
    return { ...s, [dialect]: on ? now : [...now, path] };
  });
}

/** "Files: 2 of 3": a popover of the dialect's files, each with a checkbox; nothing with one file. */
export function PolicyFilesPicker({ dialect, all, counted, describe }: { dialect: PolicyDialectId; all: readonly { path: string }[]; counted: readonly { path: string }[]; describe?: (path: string) => string }) {
  if (all.length < 2) return null;
  const on = new Set(counted.map((f) => f.path));
  const label = on.size === all.length ? `All ${all.length} files` : `${on.size} of ${all.length} files`;
  return (
    <Popover label="Files counted" align="end" trigger={<Button size="sm" icon="file" label={label} title="Choose which rule files this view counts" />}>
      <fieldset className="policy-files">
        <legend>Count the rules of</legend>
        {all.map((f, i) => {
          const id = `policy-file-${dialect}-${i}`;
          const checked = on.has(f.path);
          return (
            <div key={f.path} className="policy-file">
              <Checkbox id={id} checked={checked} disabled={checked && on.size === 1} onChange={(v) => setCounted(dialect, f.path, v)} />
              <label htmlFor={id}>
                <code>{f.path}</code>
                {describe ? <span className="corpus-muted"> {describe(f.path)}</span> : null}
              </label>
            </div>
          );
        })}
        <p className="corpus-muted policy-files-note">At least one file stays counted.</p>
      </fieldset>
    </Popover>
  );
}
