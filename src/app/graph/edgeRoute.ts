/**
 * Routes one edge so that it and its label stay off the nodes: a smooth curve when the straight way
 * from handle to handle is clear, otherwise an orthogonal detour along a lane beside every node in
 * the way (back edges of a cycle go around, under a tool row or beside a phase column). Pure.
 */
import type { Box } from '../layout/viewport.ts';

export interface Route {
  /** SVG path data. */
  path: string;
  labelX: number;
  labelY: number;
  /**
   * Places on the route a label may sit, best first: the first is (labelX, labelY), the middle of
   * the curve or of the detour's lane; then points either side of it, further and further out.
   * The label placement (`labelPlan.ts`) takes the first that collides with nothing.
   */
  spots: readonly (readonly [number, number])[];
  /** Whether the route detours (drawn orthogonally). */
  detour: boolean;
  /** The route as a polyline (a curve sampled), for what must keep off it: other edges' labels (`labelPlan.ts`). */
  line: readonly (readonly [number, number])[];
  /**
   * An edge going back against the reading direction (to a wrapped layout's next band, or around a
   * row): its lane as routed alone, in the route's own terms (across the reading direction), and
   * where its target lies across, so {@link laneSlots} can give edges sharing that lane their own.
   */
  back?: BackLane;
}

/** A back edge's lane as routed alone (see `Route.back`); coordinates across the reading direction (y for RIGHT). */
export interface BackLane {
  /** The lane's place across. */
  lane: number;
  /** Where the target's handle is across. */
  target: number;
  /** The source's handle: along and across (ties edges of one source). */
  source: string;
  /** Where the source's handle is along the reading direction. */
  along: number;
}

/**
 * An edge's own place among the back edges that share its lane (review17 #3: Simulate wrapped the
 * Letta agent, and the three branches of its conditional rule and a `may follow` ran down one
 * trunk, their labels adrift between them, their arrows stubs): `rank` 0 is the edge whose target
 * is nearest the lane (it keeps the lane nearest the targets and turns nearest its target), `of`
 * how many share the lane; `out` orders the edges leaving one source (0 turns nearest it).
 */
export interface LaneSlot {
  rank: number;
  of: number;
  out: number;
}

/**
 * The slots of back edges that would share a lane, by edge id: grouped by their lane as routed
 * alone, ranked by how far their target lies from it (nearest first), then from the source furthest
 * along, then by id. Pure.
 */
export function laneSlots(backs: readonly { id: string; back: BackLane }[]): Map<string, LaneSlot> {
  // Lanes within a few pixels of each other are one (each edge found its corridor on its own).
  const sorted = [...backs].sort((a, b) => a.back.lane - b.back.lane);
  const groups: { id: string; back: BackLane }[][] = [];
  for (const b of sorted) {
    const g = groups[groups.length - 1];
    if (g && b.back.lane - g[g.length - 1]!.back.lane <= SAME_LANE) g.push(b);
    else groups.push([b]);
  }
  const out = new Map<string, LaneSlot>();
  for (const g of groups) {
    if (g.length < 2) continue;
    // Edges into one target: the one from further along first, so the others' lanes, further out,
    // are not crossed by its way down from its source.
    g.sort((a, b) => Math.abs(a.back.target - a.back.lane) - Math.abs(b.back.target - b.back.lane) || b.back.along - a.back.along || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // Of one source, the edge with the lane nearest the targets turns furthest out from it.
    const bySource = new Map<string, number>();
    for (const b of g) bySource.set(b.back.source, (bySource.get(b.back.source) ?? 0) + 1);
    const seen = new Map<string, number>();
    g.forEach((b, rank) => {
      const j = seen.get(b.back.source) ?? 0;
      seen.set(b.back.source, j + 1);
      out.set(b.id, { rank, of: g.length, out: bySource.get(b.back.source)! - 1 - j });
    });
  }
  return out;
}

/** Where along a curve (Bézier parameter) or a lane (fraction of its length) labels may sit, best first. */
const CURVE_SPOTS = [0.5, 0.36, 0.64, 0.24, 0.76];
const LANE_SPOTS = [0.5, 0.3, 0.7, 0.15, 0.85];
/** How many straight pieces a curve's polyline has: within a pixel or two of the curve for the canvas's spans. */
const CURVE_PIECES = 16;

const LANE = 28;
const STUB = 18;
/** How far a node's loop to itself runs from its side. */
const LOOP_LANE = 14;
/** How far ahead of its source a target's handle must be for the edge to count as forward. */
const MIN_AHEAD = 8;
/** How far apart the lanes of back edges sharing a corridor run: a label's height and a little, so each label sits on its own line. */
const LANE_STEP = 24;
/** Lanes of back edges routed alone this close are one lane, shared. */
const SAME_LANE = 6;
/** How far apart the turns of back edges sharing a lane run (along the reading direction). */
const TURN_STEP = 10;
/** The least room kept between a corridor's lanes and the nodes beside it. */
const CORRIDOR_EDGE = 10;

/** Does the segment a → b pass through box `r` (grown by `m`)? Liang–Barsky clipping. */
export function segmentHits(ax: number, ay: number, bx: number, by: number, r: Box, m = 4): boolean {
  const x0 = r.x - m;
  const y0 = r.y - m;
  const x1 = r.x + r.width + m;
  const y1 = r.y + r.height + m;
  // Liang–Barsky: the segment's parameter range [t0, t1] clipped by each side in turn (p: the
  // segment's run towards the side, q: the start's room inside it). Written out, without a helper
  // closure over t0 and t1: that allocated a context on every call, and the label plan of a
  // 6,000-rule Letta view makes hundreds of thousands of calls.
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  let p = -dx;
  let q = ax - x0;
  for (let side = 0; side < 4; side++) {
    if (side === 1) {
      p = dx;
      q = x1 - ax;
    } else if (side === 2) {
      p = -dy;
      q = ay - y0;
    } else if (side === 3) {
      p = dy;
      q = y1 - ay;
    }
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return t0 <= t1;
}

/**
 * The route from a source handle (sx, sy) to a target handle (tx, ty). `direction` is the way the
 * graph reads (`RIGHT`: handles on the right / left sides; `DOWN`: bottom / top). `ends` are the
 * source and target boxes, `others` every other node.
 */
export function routeEdge(sx: number, sy: number, tx: number, ty: number, direction: 'RIGHT' | 'DOWN', ends: readonly Box[], others: readonly Box[], slot?: LaneSlot): Route {
  // Work in "RIGHT" coordinates: for DOWN, swap the axes in and out.
  const flip = direction === 'DOWN';
  const sw = (b: Box): Box => (flip ? { x: b.y, y: b.x, width: b.height, height: b.width } : b);
  const [ax, ay, bx, by] = flip ? [sy, sx, ty, tx] : [sx, sy, tx, ty];
  const E = ends.map(sw);
  const O = others.map(sw);
  // Forward whenever the target's handle lies ahead of the source's: rows of phases sit closer
  // than two stubs when their labels are short, and such an edge still runs straight on.
  const forward = bx >= ax + MIN_AHEAD;
  const blocked = forward && O.some((o) => segmentHits(ax, ay, bx, by, o));
  const unflip = (ps: [number, number][]): [number, number][] => (flip ? ps.map(([x, y]) => [y, x] as [number, number]) : ps);
  const out = (pts: [number, number][], spots: [number, number][], detour: boolean, line: [number, number][] = pts): Route => {
    const p = unflip(pts);
    const at = unflip(spots);
    const [lX, lY] = at[0]!;
    return { path: detour ? roundedPolyline(p) : p.length === 2 ? curve(p[0]!, p[1]!, flip) : roundedPolyline(p), labelX: lX, labelY: lY, spots: at, detour, line: unflip(line) };
  };
  if (forward && !blocked) {
    const c = Math.max(24, Math.abs(bx - ax) / 2);
    const at = (t: number): [number, number] => [bezier(t, ax, ax + c, bx - c, bx), bezier(t, ay, ay, by, by)];
    const line = Array.from({ length: CURVE_PIECES + 1 }, (_, i) => at(i / CURVE_PIECES));
    return out([[ax, ay], [bx, by]], CURVE_SPOTS.map(at), false, line);
  }

  // A lane across everything between the two ends (and the ends themselves for a back edge).
  const lo = Math.min(ax, bx) - STUB;
  const hi = Math.max(ax, bx) + STUB;
  // A loop from a node to itself (one end box) hugs that node; other edges keep clear of every
  // node in their span.
  const loop = E.length === 1;
  const inSpan = loop ? E : [...O, ...(forward ? [] : E)].filter((o) => o.x < hi && o.x + o.width > lo);
  // a loop keeps closer still, inside the gap beside its node where the lanes of others run
  const lane0 = loop ? LOOP_LANE : LANE;
  const top = Math.min(ay, by, ...inSpan.map((o) => o.y)) - lane0;
  const bottom = Math.max(ay, by, ...inSpan.map((o) => o.y + o.height)) + lane0;
  const mid = (ay + by) / 2;
  // A back edge between two rows (a wrapped layout's edge from one band to the next) runs through
  // the clear corridor between them; within a row it goes around the side nearer its ends (under
  // it on a tie), so a back edge in a wrapped workflow's first column runs beside that column
  // rather than beyond the last one.
  const nearer = mid - top < bottom - mid ? top : bottom;
  const gap = forward || loop ? undefined : corridor(inSpan, Math.min(ay, by), Math.max(ay, by));
  const alone = forward ? (mid - top <= bottom - mid ? top : bottom) : loop ? bottom : (gap?.mid ?? nearer);
  // Back edges sharing the lane each take their own (see laneSlots): in a corridor spread across
  // it, the edge with the nearest target on the lane nearest the targets; around a row, further out.
  let lane = alone;
  let turnIn = 0;
  let turnOut = 0;
  if (slot && !forward && !loop && slot.of > 1) {
    const toward = by >= alone ? 1 : -1;
    if (gap) {
      const step = Math.min(LANE_STEP, Math.max(0, gap.to - gap.from - 2 * CORRIDOR_EDGE) / (slot.of - 1));
      lane = gap.mid + toward * ((slot.of - 1) / 2 - slot.rank) * step;
    } else lane = alone - toward * slot.rank * LANE_STEP;
    turnIn = slot.rank * TURN_STEP;
    turnOut = slot.out * TURN_STEP;
  }
  // a forward detour between close rows turns halfway between them
  const x1 = forward ? Math.min(ax + STUB, (ax + bx) / 2) : ax + STUB + turnOut;
  const x2 = forward ? Math.max(bx - STUB, (ax + bx) / 2) : bx - STUB - turnIn;
  const pts: [number, number][] = [
    [ax, ay],
    [x1, ay],
    [x1, lane],
    [x2, lane],
    [x2, by],
    [bx, by],
  ];
  const route = out(
    pts,
    LANE_SPOTS.map((f): [number, number] => [x1 + (x2 - x1) * f, lane]),
    true,
  );
  if (forward || loop) return route;
  return { ...route, back: { lane: alone, target: by, source: `${ax},${ay}`, along: ax } };
}

/** The narrowest corridor a lane with its label may take. */
const CORRIDOR = 32;

/**
 * The widest horizontal corridor between `from` and `to` that crosses none of `boxes` (and is at
 * least {@link CORRIDOR} high), if any: its middle and its two sides.
 */
function corridor(boxes: readonly Box[], from: number, to: number): { mid: number; from: number; to: number } | undefined {
  const spans = boxes.map((b) => [b.y, b.y + b.height] as const).sort((a, b) => a[0] - b[0]);
  let best: { mid: number; from: number; to: number } | undefined;
  let widest = CORRIDOR;
  let free = from;
  for (const [y0, y1] of [...spans, [to, to] as const]) {
    const gap = Math.min(y0, to) - free;
    if (gap >= widest) {
      widest = gap;
      best = { mid: free + gap / 2, from: free, to: free + gap };
    }
    free = Math.max(free, y1);
    if (free >= to) break;
  }
  return best;
}

/** One coordinate of a cubic Bézier at parameter t. */
function bezier(t: number, p0: number, p1: number, p2: number, p3: number): number {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

/** A cubic curve leaving and entering horizontally (or vertically when `vertical`). */
function curve([ax, ay]: [number, number], [bx, by]: [number, number], vertical: boolean): string {
  if (vertical) {
    const c = Math.max(24, Math.abs(by - ay) / 2);
    return `M${ax},${ay} C${ax},${ay + c} ${bx},${by - c} ${bx},${by}`;
  }
  const c = Math.max(24, Math.abs(bx - ax) / 2);
  return `M${ax},${ay} C${ax + c},${ay} ${bx - c},${by} ${bx},${by}`;
}

/** A polyline with its corners rounded (radius up to 8 px). */
function roundedPolyline(pts: [number, number][]): string {
  const clean = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1]![0] || p[1] !== pts[i - 1]![1]);
  let d = `M${clean[0]![0]},${clean[0]![1]}`;
  for (let i = 1; i < clean.length - 1; i++) {
    const [px, py] = clean[i - 1]!;
    const [x, y] = clean[i]!;
    const [nx, ny] = clean[i + 1]!;
    const r = Math.min(8, Math.hypot(x - px, y - py) / 2, Math.hypot(nx - x, ny - y) / 2);
    const ux = Math.sign(x - px);
    const uy = Math.sign(y - py);
    const vx = Math.sign(nx - x);
    const vy = Math.sign(ny - y);
    d += ` L${x - ux * r},${y - uy * r} Q${x},${y} ${x + vx * r},${y + vy * r}`;
  }
  const last = clean[clean.length - 1]!;
  return `${d} L${last[0]},${last[1]}`;
}
