/**
 * A drag handle between two panels (role="separator"): drag with the mouse, or focus it and use
 * the arrow keys (Home/End for the limits). `value` is the size of the panel it controls. A
 * double-click runs `onDoubleClick` when given (the bottom panel's maximise toggle).
 */
import type { KeyboardEvent, PointerEvent } from 'react';

export interface ResizeHandleProps {
  label: string;
  orientation: 'vertical' | 'horizontal';
  value: number;
  min: number;
  max: number;
  /** +1 when moving the pointer right/down grows the panel, -1 when it shrinks it. */
  direction: 1 | -1;
  onChange(v: number): void;
  onDoubleClick?(): void;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export function ResizeHandle({ label, orientation, value, min, max, direction, onChange, onDoubleClick }: ResizeHandleProps) {
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const start = orientation === 'vertical' ? e.clientX : e.clientY;
    const from = value;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => {
      const now = orientation === 'vertical' ? ev.clientX : ev.clientY;
      onChange(clamp(from + direction * (now - start), min, max));
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 50 : 10;
    const grow: Record<string, number> = orientation === 'vertical' ? { ArrowRight: direction, ArrowLeft: -direction } : { ArrowDown: direction, ArrowUp: -direction };
    const d = grow[e.key];
    if (d !== undefined) onChange(clamp(value + d * step, min, max));
    else if (e.key === 'Home') onChange(min);
    else if (e.key === 'End') onChange(max);
    else return;
    e.preventDefault();
  };
  return (
    <div
      className={`resize-handle resize-${orientation}`}
      role="separator"
      aria-label={label}
      aria-orientation={orientation}
      aria-valuenow={Math.round(clamp(value, min, max))}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={onDoubleClick}
    />
  );
}
