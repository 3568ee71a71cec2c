/**
 * A toggle button on the Radix Toggle primitive (`aria-pressed`) that looks on when it is on:
 * filled with the accent and a check mark, outlined when off, so "Side by side" on and off never
 * look alike.
 */
import { Toggle as RadixToggle } from 'radix-ui';
import './ui.css';
import { Icon, type IconName } from './Icon.tsx';

export function Toggle({ pressed, onChange, label, icon, className, title }: { pressed: boolean; onChange(v: boolean): void; label: string; icon?: IconName; className?: string; title?: string }) {
  return (
    <RadixToggle.Root className={['btn', 'btn-toggle', className ?? ''].filter(Boolean).join(' ')} pressed={pressed} onPressedChange={onChange} title={title}>
      <Icon name={pressed ? 'check' : (icon ?? 'check')} />
      <span>{label}</span>
    </RadixToggle.Root>
  );
}
