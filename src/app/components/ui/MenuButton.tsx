/**
 * A button that opens a menu (the WAI-ARIA menu button pattern): Enter/Space/↓ open it on the first
 * item, ↑/↓ move, Escape closes and returns focus to the button, a click outside closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import './ui.css';

export interface MenuItem {
  id: string;
  label: string;
  hint?: string;
  keys?: string;
  disabled?: boolean;
  run(): void;
}

export function MenuButton({ label, icon, items }: { label: string; icon: IconName; items: readonly MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const d = e.key === 'ArrowDown' ? 1 : -1;
      all[(at + d + all.length) % all.length]?.focus();
    }
  };
  return (
    <div className="menu-anchor">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name={icon} />
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label={label} className="menu menu-right" onKeyDown={onMenuKey}>
          {items.map((it) => (
            <li key={it.id} role="none">
              <button
                type="button"
                role="menuitem"
                disabled={it.disabled}
                title={it.hint}
                {...(it.keys ? { 'aria-keyshortcuts': it.keys } : {})}
                onClick={() => {
                  setOpen(false);
                  it.run();
                }}
              >
                <span>{it.label}</span>
                {it.keys ? (
                  <span className="menu-key" aria-hidden="true">
                    {it.keys}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
