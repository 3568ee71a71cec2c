/**
 * The one button of the studio: `primary` (the main action of a region), `default`, `ghost`
 * (quiet, in dense bars). An icon-only button must be given `label`: it becomes the accessible name
 * and the tooltip. `shortcut` is appended to the tooltip.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import './ui.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  variant?: 'primary' | 'default' | 'ghost';
  icon?: IconName;
  /** The button's name; shown as text unless `iconOnly`. */
  label: string;
  iconOnly?: boolean;
  shortcut?: string;
  children?: ReactNode;
}

export function Button({ variant = 'default', icon, label, iconOnly = false, shortcut, className, title, children, ...rest }: ButtonProps) {
  const tip = title ?? (iconOnly || shortcut ? [label, shortcut ? `(${shortcut})` : ''].filter(Boolean).join(' ') : undefined);
  return (
    <button
      type="button"
      className={['btn', `btn-${variant}`, iconOnly ? 'btn-icon' : '', className ?? ''].filter(Boolean).join(' ')}
      title={tip}
      aria-label={iconOnly ? label : undefined}
      {...rest}
    >
      {icon ? <Icon name={icon} /> : null}
      {iconOnly ? null : <span>{label}</span>}
      {children}
    </button>
  );
}
