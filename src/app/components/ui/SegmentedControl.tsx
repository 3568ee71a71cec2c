/**
 * A segmented control: one choice of a few (the Design / Simulate mode, a theme, a direction).
 * A labelled `group` of Radix Toggles, so each choice is a button with `aria-pressed`; pressing
 * the current choice again keeps it (never none). ←/→ move between the choices.
 */
import { Toggle as RadixToggle } from 'radix-ui';
import type { KeyboardEvent } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import './ui.css';

export interface Segment<T extends string> {
  value: T;
  label: string;
  icon?: IconName;
  title?: string;
}

export function SegmentedControl<T extends string>({ label, value, onChange, items, className }: { label: string; value: T; onChange(v: T): void; items: readonly Segment<T>[]; className?: string }) {
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    e.preventDefault();
    buttons[(at + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length]?.focus();
  };
  return (
    <div role="group" aria-label={label} className={['segmented', className ?? ''].filter(Boolean).join(' ')} onKeyDown={onKey}>
      {items.map((it) => (
        <RadixToggle.Root key={it.value} className="btn btn-segment" pressed={value === it.value} title={it.title} onPressedChange={() => onChange(it.value)}>
          {it.icon ? <Icon name={it.icon} /> : null}
          <span>{it.label}</span>
        </RadixToggle.Root>
      ))}
    </div>
  );
}
