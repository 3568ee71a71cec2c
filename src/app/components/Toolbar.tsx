/** The toolbar: one button per toolbar action of the registry, named by its label. */
import { ALL_ACTIONS } from '../actions/index.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';

export function Toolbar() {
  const store = useStudioStore();
  const ui = useUiStore();
  // Re-render when the project or history changes so `enabled` stays current.
  useStudio((s) => s.project);
  useStudio((s) => s.history);
  const ctx = { store, ui };
  return (
    <header className="toolbar" role="toolbar" aria-label="Rule Studio">
      <span className="brand">Rule Studio</span>
      {ALL_ACTIONS.filter((a) => a.toolbar).map((a) => (
        <button key={a.id} type="button" title={a.hint} disabled={a.enabled ? !a.enabled(ctx) : false} onClick={() => void a.run(ctx)}>
          {a.label}
        </button>
      ))}
    </header>
  );
}
