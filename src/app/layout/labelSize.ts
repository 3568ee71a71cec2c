/**
 * The size an edge label takes on the canvas (11 px text with 4 × 2 px of padding, see `RuleEdge`),
 * estimated from its text so the layout and the label placement can run without a browser. The
 * estimate errs wide (DejaVu Sans, Debian's default, is among the widest sans fonts).
 */
const CHAR = 6.6;
const PAD_X = 8;
export const LABEL_HEIGHT = 18;

export function labelSize(text: string): { width: number; height: number } {
  return { width: Math.ceil([...text].length * CHAR + PAD_X), height: LABEL_HEIGHT };
}

/**
 * The text of one label standing for `count` edges that say the same between the same two nodes
 * (four identical rules draw one line): `before ×4`. One edge keeps its text as it is.
 */
export function groupedLabel(text: string, count: number): string {
  return count > 1 ? `${text} ×${count}` : text;
}
