/** The Inspector's Duplicate button for the selected tools or phases: the registry's Duplicate (Ctrl/Cmd+D), shown where it applies. */
import { useMemo } from 'react';
import { Button } from '../components/ui/Button.tsx';
import { useStudioStore, useStudio } from '../state/context.tsx';
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { clipboardActions } from '../actions/clipboardActions.ts';
import { isMac, shortcutLabel } from '../components/shortcuts.ts';

const duplicate = clipboardActions.find((a) => a.id === 'duplicate-nodes');

export function DuplicateButton({ label = 'Duplicate' }: { label?: string }) {
  const store = useStudioStore();
  const ui = useUiStore();
  const ctx = useMemo(() => ({ store, ui }), [store, ui]);
  // Read again whenever the selection or the project changes.
  useStudio((s) => s.selection);
  useStudio((s) => s.project);
  useUi((s) => s.mode);
  if (!duplicate || (duplicate.enabled && !duplicate.enabled(ctx))) return null;
  const shortcut = shortcutLabel('Mod+D', isMac(typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent));
  return <Button icon="duplicate" label={label} shortcut={shortcut} title={`${duplicate.hint ?? label}`} onClick={() => void duplicate.run(ctx)} />;
}
