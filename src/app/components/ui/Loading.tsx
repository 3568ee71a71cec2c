/**
 * The studio's one loading state: a small spinner and what is going on ("Loading the editor…"),
 * with its progress when known, in a `status` region that is `aria-busy` while it shows. `block`
 * centres it in the space the content will take (a canvas, an editor), so nothing jumps when the
 * content arrives.
 */
import { ProgressBar } from './ProgressBar.tsx';
import './ui.css';

export interface LoadingProps {
  /** What is going on, said as a user would, without the ellipsis: `Loading the editor`, `Deciding the sessions’ calls`. */
  label: string;
  /** Percent done (0–100), when known. */
  percent?: number;
  /** Fill the space the content will take, centred. */
  block?: boolean;
  className?: string;
  /**
   * No `status` role, only `aria-busy`: for a placeholder inside a region whose own status line
   * speaks for it (the simulator's tab panels and trace editor: its run status is its one `status`).
   */
  quiet?: boolean;
}

/** The line a loading state shows: `Loading the editor…`, with its percent when known. */
export const loadingText = (label: string, percent?: number): string => `${label}…${percent !== undefined ? ` ${Math.round(percent)}%` : ''}`;

export function Loading({ label, percent, block = false, className, quiet = false }: LoadingProps) {
  return (
    <div className={['ui-loading', block ? 'ui-loading-block' : '', className ?? ''].filter(Boolean).join(' ')} role={quiet ? undefined : 'status'} aria-busy="true">
      <span className="ui-spinner" aria-hidden="true" />
      <span>{loadingText(label, percent)}</span>
      {percent !== undefined ? <ProgressBar label={label} percent={percent} className="ui-loading-bar sim-progress" /> : null}
    </div>
  );
}
