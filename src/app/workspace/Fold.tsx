/**
 * Folding a side panel: the visible grip between two panels carries a small button that folds the
 * panel to a rail; the rail's button unfolds it. Both are real buttons with names.
 */
import { Icon, type IconName } from '../components/ui/Icon.tsx';

export function FoldButton({ name, side, onFold }: { name: string; side: 'left' | 'right' | 'bottom'; onFold(): void }) {
  const icon: IconName = side === 'left' ? 'chevronLeft' : side === 'right' ? 'chevronRight' : 'chevronDown';
  return (
    <button type="button" className={`fold-btn fold-${side}`} aria-label={`Collapse ${name}`} title={`Collapse ${name}`} onClick={onFold}>
      <Icon name={icon} size={12} />
    </button>
  );
}

export function Rail({ name, side, onUnfold }: { name: string; side: 'left' | 'right' | 'bottom'; onUnfold(): void }) {
  const icon: IconName = side === 'left' ? 'chevronRight' : side === 'right' ? 'chevronLeft' : 'chevronUp';
  return (
    <div className={`rail rail-${side}`}>
      <button type="button" className="rail-btn" aria-label={`Show ${name}`} title={`Show ${name}`} onClick={onUnfold}>
        <Icon name={icon} size={14} />
        <span className="rail-label">{name}</span>
      </button>
    </div>
  );
}
