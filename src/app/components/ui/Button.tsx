/**
 * The one button of the studio: `primary` (the main action of a region), `default`, `ghost`
 * (quiet, in dense bars), `danger` (destructive), `link` (inline, text-like). Sizes `md` (28 px)
 * and `sm` (24 px). An icon-only button must be given `label`: it becomes the accessible name and
 * a Radix tooltip, with `shortcut` shown as a key cap. A `title` replaces the tooltip's text.
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { Tooltip } from './Tooltip.tsx';
import './ui.css';

export type ButtonVariant = 'primary' | 'default' | 'ghost' | 'danger' | 'link';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  icon?: IconName;
  /** The button's name; shown as text unless `iconOnly`. */
  label: string;
  iconOnly?: boolean;
  shortcut?: string;
  /**
   * Why the button does not apply now. With `disabled`, the button stays focusable (aria-disabled,
   * its clicks ignored) so keyboard users reach it too, and its tooltip says why.
   */
  unavailable?: string | undefined;
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** The class list of a button look, for elements that must look like a button without being one. */
export function buttonClass(variant: ButtonVariant = 'default', opts: { size?: 'md' | 'sm'; iconOnly?: boolean; className?: string } = {}): string {
  return ['btn', `btn-${variant}`, opts.size === 'sm' ? 'btn-sm' : '', opts.iconOnly ? 'btn-icon' : '', opts.className ?? ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'default', size = 'md', icon, label, iconOnly = false, shortcut, unavailable, className, title, children, ref, ...rest }: ButtonProps) {
  const explained = rest.disabled === true && unavailable !== undefined;
  const { disabled, onClick, ...others } = rest;
  const button = (
    <button
      ref={ref}
      type="button"
      className={buttonClass(variant, { size, iconOnly, className })}
      aria-label={iconOnly ? label : undefined}
      {...others}
      {...(explained ? { 'aria-disabled': true, onClick: (e) => e.preventDefault() } : { disabled, onClick })}
    >
      {icon ? <Icon name={icon} /> : null}
      {iconOnly ? null : <span>{label}</span>}
      {children}
    </button>
  );
  const tip = explained ? `${label}: ${unavailable}` : (title ?? (iconOnly || shortcut ? label : undefined));
  return tip ? (
    <Tooltip content={tip} shortcut={shortcut}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** An icon-only, quiet button: the label is its accessible name and tooltip. */
export function IconButton({ variant = 'ghost', ...props }: Omit<ButtonProps, 'iconOnly' | 'icon'> & { icon: IconName }) {
  return <Button variant={variant} iconOnly {...props} />;
}
