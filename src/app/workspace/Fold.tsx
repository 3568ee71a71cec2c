/**
 * Folding a side panel: the visible grip between two panels carries a small button that folds the
 * panel to a rail; the rail's button unfolds it. Both are real buttons with names, and the focus
 * goes from one to the other (see {@link focusFoldControl}), so a keyboard user is not dropped.
 */
import { Icon, type IconName } from '../components/ui/Icon.tsx';

const slug = (name: string) => name.replace(/\W+/g, '-');
/** The element id of a panel's fold button (`folded` false) or of its rail's button (true). */
const controlId = (name: string, folded: boolean) => `${folded ? 'rail' : 'fold'}-${slug(name)}`;

/** After a fold or unfold, focus the control that replaced the one pressed (once it is drawn). */
export function focusFoldControl(name: string, folded: boolean): void {
  requestAnimationFrame(() => document.getElementById(controlId(name, folded))?.focus());
}

export function FoldButton({ name, side, onFold }: { name: string; side: 'left' | 'right' | 'bottom'; onFold(): void }) {
  const icon: IconName = side === 'left' ? 'chevronLeft' : side === 'right' ? 'chevronRight' : 'chevronDown';
  return (
    <button type="button" id={controlId(name, false)} className={`fold-btn fold-${side}`} aria-label={`Collapse ${name}`} title={`Collapse ${name}`} onClick={onFold}>
      <Icon name={icon} size={12} />
    </button>
  );
}

export function Rail({ name, side, onUnfold }: { name: string; side: 'left' | 'right' | 'bottom'; onUnfold(): void }) {
  const icon: IconName = side === 'left' ? 'chevronRight' : side === 'right' ? 'chevronLeft' : 'chevronUp';
  return (
    <div className={`rail rail-${side}`}>
      <button type="button" id={controlId(name, true)} className="rail-btn" aria-label={`Show ${name}`} title={`Show ${name}`} onClick={onUnfold}>
        <Icon name={icon} size={14} />
        <span className="rail-label">{name}</span>
      </button>
    </div>
  );
}
