/** The command palette (Mod+K or Mod+Shift+P): filter actions by label, run with Enter. */
import { useMemo, useState } from 'react';
import { ALL_ACTIONS } from '../actions/index.ts';
import type { Action } from '../actions/types.ts';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { Modal } from '../dialogs/Modal.tsx';
import { filterActions, isMac, shortcutLabel } from './shortcuts.ts';
import { themeActions } from './themeActions.ts';
import './palette.css';

export function CommandPalette() {
  const store = useStudioStore();
  const ui = useUiStore();
  const ctx = useMemo(() => ({ store, ui }), [store, ui]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const all: readonly Action[] = useMemo(() => [...ALL_ACTIONS, ...themeActions], []);
  const shown = filterActions(all, query).filter((a) => !a.enabled || a.enabled(ctx));
  const mac = isMac(navigator.platform || navigator.userAgent);
  const current = Math.min(active, Math.max(0, shown.length - 1));
  const run = (a: Action | undefined) => {
    if (!a) return;
    ui.getState().closeDialog();
    void a.run(ctx);
  };
  return (
    <Modal title="Command palette" onClose={() => ui.getState().closeDialog()}>
      <div className="palette">
        <input
          type="text"
          aria-label="Command"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={shown[current] ? `palette-${shown[current].id}` : undefined}
          placeholder="Type a command…"
          autoFocus
          data-autofocus
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((current + 1) % Math.max(1, shown.length));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((current - 1 + shown.length) % Math.max(1, shown.length));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              run(shown[current]);
            }
          }}
        />
        <ul id="palette-list" role="listbox" aria-label="Commands">
          {shown.map((a, i) => (
            <li
              key={a.id}
              id={`palette-${a.id}`}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'active' : undefined}
              onMouseEnter={() => setActive(i)}
              onClick={() => run(a)}
            >
              <span className="palette-label">{a.label}</span>
              {a.hint ? <span className="palette-hint">{a.hint}</span> : null}
              {a.shortcuts?.[0] ? <kbd>{shortcutLabel(a.shortcuts[0], mac)}</kbd> : null}
            </li>
          ))}
          {shown.length === 0 ? <li className="muted">No matching command.</li> : null}
        </ul>
      </div>
    </Modal>
  );
}
