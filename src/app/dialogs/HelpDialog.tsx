/**
 * Help for a first-time visitor (the toolbar's `?`, the `?` and F1 keys, the palette): how to start
 * (draw, import by paste or drop, run, present) and every keyboard shortcut, read from the registries
 * the keys are handled by (see helpSheet.ts). The app knows no web address of its documentation,
 * so the help names the README and docs/ of its source rather than linking to a guessed URL.
 */
import { useMemo } from 'react';
import { useUiStore } from '../state/uiContext.tsx';
import { Modal } from './Modal.tsx';
import { Button } from '../components/ui/Button.tsx';
import { isMac } from '../components/shortcuts.ts';
import { keysOf, shortcutSheet } from '../components/helpSheet.ts';
import './help.css';

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((k, i) => (
        <span key={k}>
          {i > 0 ? <span className="help-or"> or </span> : null}
          <kbd className="help-kbd">{k}</kbd>
        </span>
      ))}
    </>
  );
}

/** ` (Ctrl+O)` after a command's name in the how-to, when it has a key. */
function KeyAfter({ id, mac }: { id: string; mac: boolean }) {
  const k = keysOf(id, mac);
  return k ? (
    <>
      {' '}
      (<kbd className="help-kbd">{k}</kbd>)
    </>
  ) : null;
}

export function HelpDialog() {
  const ui = useUiStore();
  const mac = isMac(navigator.platform || navigator.userAgent);
  const sheet = useMemo(() => shortcutSheet(mac), [mac]);
  const close = () => ui.getState().closeDialog();
  return (
    <Modal title="Help" onClose={close} className="modal-help">
      <div className="help-body">
        <section aria-labelledby="help-start" className="help-start">
          <h3 id="help-start">How to start</h3>
          <ol>
            <li>
              <strong>Draw or open.</strong> Open an example or a guided walk-through from the gallery, or draw from scratch with <em>New agent</em> or <em>New workflow</em> in the explorer on the left.{' '}
              <Button
                size="sm"
                variant="default"
                icon="examples"
                label="Open the examples"
                data-autofocus
                onClick={() => ui.getState().openDialog('examples')}
              />
            </li>
            <li>
              <strong>Bring your own files.</strong> <em>Import</em>
              <KeyAfter id="import" mac={mac} />, paste a file’s text anywhere on the page (<kbd className="help-kbd">{mac ? '⌘V' : 'Ctrl+V'}</kbd>), or drop files on the page: Pattern TOML, hegel YAML, Letta .af, Claude Code settings.json, Codex
              .rules, Gemini CLI policies, and traces.
            </li>
            <li>
              <strong>Run.</strong> Switch to <em>Simulate</em>
              <KeyAfter id="mode-simulate" mac={mac} />, add or choose a trace, then <em>Run simulation</em>
              <KeyAfter id="run-simulation" mac={mac} />; every decision is listed and explained.
            </li>
            <li>
              <strong>Present.</strong> <em>Present</em>
              <KeyAfter id="present" mac={mac} /> shows the run at stage size, a slide per step: <kbd className="help-kbd">→</kbd> steps, <kbd className="help-kbd">Esc</kbd> leaves.
            </li>
          </ol>
          <p className="muted">
            Can’t find a command? The command palette (<kbd className="help-kbd">{mac ? '⌘K' : 'Ctrl+K'}</kbd>) finds every one by name and says why one does not apply yet. The formats, the checks and the
            command line are described in the README and the docs/ folder of Rule Studio’s source.
          </p>
        </section>
        <section aria-labelledby="help-keys" className="help-keys">
          <h3 id="help-keys">Keyboard shortcuts</h3>
          {sheet.map((g) => (
            <table key={g.label} className="help-table">
              <caption>{g.label}</caption>
              <thead className="visually-hidden">
                <tr>
                  <th scope="col">Command</th>
                  <th scope="col">Keys</th>
                </tr>
              </thead>
              <tbody>
                {g.rows.map((r) => (
                  <tr key={r.id}>
                    <th scope="row" title={r.hint}>
                      {r.label}
                    </th>
                    <td>
                      <Keys keys={r.keys} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </section>
      </div>
    </Modal>
  );
}
