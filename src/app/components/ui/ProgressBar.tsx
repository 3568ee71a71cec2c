/**
 * The studio's progress bar: a `progressbar` with its name, value (0–100) and optional spoken
 * text, drawn as a track and a fill. `minFill` keeps a sliver visible at 0 (work has started).
 */
export interface ProgressBarProps {
  label: string;
  percent: number;
  valueText?: string;
  /** The track's class (the fill is its only child). */
  className?: string;
  fillClassName?: string;
  minFill?: number;
}

export function ProgressBar({ label, percent, valueText, className = 'sim-progress', fillClassName = 'sim-progress-fill', minFill = 0 }: ProgressBarProps) {
  return (
    <div className={className} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={valueText}>
      <div className={fillClassName} style={{ width: `${Math.max(minFill, percent)}%` }} />
    </div>
  );
}
