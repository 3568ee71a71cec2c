/**
 * The bottom panel's maximise toggle, at the end of its tab strip (as VS Code's panel): one name
 * whatever its state, `aria-pressed` saying which; the tooltip says what a press does and the key.
 */
import { IconButton } from '../components/ui/Button.tsx';
import { isMac, shortcutLabel } from '../components/shortcuts.ts';
import { MAXIMISE_SHORTCUT } from './bottomMaximised.ts';

export function MaximiseButton({ maximised, onToggle }: { maximised: boolean; onToggle(): void }) {
  const mac = isMac(navigator.platform || navigator.userAgent);
  return (
    <IconButton
      size="sm"
      className="panel-maximise"
      icon={maximised ? 'panelRestore' : 'panelMaximise'}
      label="Maximise bottom panel"
      title={maximised ? 'Restore the panel’s size' : 'Maximise the panel'}
      shortcut={shortcutLabel(MAXIMISE_SHORTCUT, mac)}
      aria-pressed={maximised}
      onClick={onToggle}
    />
  );
}
