/**
 * The studio's icons: small inline SVGs drawn with the current text colour (no icon font, no
 * network). Always decorative (`aria-hidden`): the control that holds one carries the name.
 */
import { ICON_PATHS as PATHS, type IconName } from './iconPaths.ts';

export type { IconName } from './iconPaths.ts';

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
