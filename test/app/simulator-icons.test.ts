/**
 * Timeline icons must be glyphs that common fonts draw (headless Chromium on Linux has only DejaVu
 * and Liberation): an emoji-only code point such as ⛔ renders as an empty box there.
 */
import { describe, expect, it } from 'vitest';
import { kindIcon } from '../../src/app/simulator/decisionText.ts';
import type { DecisionKind } from '../../src/core/engine/decisions.ts';

const KINDS: DecisionKind[] = ['allowed', 'auto', 'blocked', 'deduplicated', 'denied', 'timeout', 'not_found', 'ignored', 'exit', 'exit_blocked', 'periodic_due', 'transition', 'interrupt', 'error'];

/** Blocks DejaVu Sans covers completely, and single symbols checked with `fc-list :charset=…`. */
const COVERED: [number, number][] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1
  [0x2190, 0x21ff], // Arrows
  [0x2200, 0x22ff], // Mathematical Operators
  [0x25a0, 0x25ff], // Geometric Shapes
  [0x2699, 0x2699], // ⚙
  [0x26a0, 0x26a0], // ⚠
  [0x23cf, 0x23cf], // ⏏
  [0x2713, 0x2717], // ✓ ✔ ✕ ✖ ✗
];

describe('timeline icons', () => {
  it.each(KINDS)('%s has one symbol that common fonts draw', (kind) => {
    const icon = kindIcon(kind);
    const points = [...icon].map((c) => c.codePointAt(0) ?? 0);
    expect(points).toHaveLength(1);
    const p = points[0] as number;
    expect(COVERED.some(([lo, hi]) => p >= lo && p <= hi), `U+${p.toString(16)} ${icon}`).toBe(true);
  });

  it('keeps blocked and denied apart from allowed', () => {
    expect(new Set([kindIcon('allowed'), kindIcon('blocked'), kindIcon('denied'), kindIcon('timeout')]).size).toBe(4);
  });
});
