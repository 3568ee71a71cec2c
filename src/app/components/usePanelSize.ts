/**
 * A panel size that lasts across reloads (localStorage), clamped to its bounds. Storage that is
 * missing, full or holding junk falls back to the default.
 */
import { useCallback, useState } from 'react';

const KEY = 'rule-studio:panel:';

/** Reads a stored size within [min, max], or `fallback`. Pure apart from the storage read. */
export function storedSize(raw: string | null, fallback: number, min: number, max: number): number {
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
}

export function usePanelSize(name: string, fallback: number, min: number, max: number): [number, (v: number) => void] {
  const [size, setSize] = useState(() => {
    try {
      return storedSize(localStorage.getItem(KEY + name), fallback, min, max);
    } catch {
      return fallback;
    }
  });
  const set = useCallback(
    (v: number) => {
      setSize(v);
      try {
        localStorage.setItem(KEY + name, String(v));
      } catch {
        // storage unavailable: the size lasts for this page only
      }
    },
    [name],
  );
  return [size, set];
}
