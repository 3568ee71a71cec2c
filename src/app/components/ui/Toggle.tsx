/**
 * A toggle button (`aria-pressed`) that looks on when it is on: filled with the accent and a
 * check mark, outlined when off, so "Side by side" on and off never look alike.
 */
import './ui.css';
import { Icon, type IconName } from './Icon.tsx';

export function Toggle({ pressed, onChange, label, icon, className, title }: { pressed: boolean; onChange(v: boolean): void; label: string; icon?: IconName; className?: string; title?: string }) {
  return (
    <button type="button" className={['btn', 'btn-toggle', className ?? ''].filter(Boolean).join(' ')} aria-pressed={pressed} title={title} onClick={() => onChange(!pressed)}>
      <Icon name={pressed ? 'check' : (icon ?? 'check')} />
      <span>{label}</span>
    </button>
  );
}
