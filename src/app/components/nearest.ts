/** A point on the screen. */
export interface Centre {
  x: number;
  y: number;
}

/** The index of the box whose centre is nearest to `at`, or undefined for no boxes. Pure. */
export function nearestBox(at: Centre, boxes: readonly { x: number; y: number; width: number; height: number }[]): number | undefined {
  let best: number | undefined;
  let bestD = Infinity;
  boxes.forEach((b, i) => {
    const d = Math.hypot(b.x + b.width / 2 - at.x, b.y + b.height / 2 - at.y);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}
