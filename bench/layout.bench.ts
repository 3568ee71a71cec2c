/**
 * The graph's auto layout (`src/app/layout/layered.ts`, the synchronous layered layout the studio
 * runs) on 500 tools and 1,000 edges (issue 15: < 2 s): median CPU time of runs. The figure is the
 * layout itself; the settle time in Chromium adds React Flow's measuring and drawing.
 */
import { layeredLayout } from '../src/app/layout/layered.ts';
import type { LayoutEdge, LayoutNode } from '../src/app/layout/types.ts';
import { medianCpu } from './measure.ts';
import { prng } from './random.ts';

export function benchLayout(tools = 500, edgeCount = 1000): { name: string; ms: number; runs: number[] } {
  const rnd = prng(5);
  const nodes: LayoutNode[] = Array.from({ length: tools }, (_, i) => ({ id: `tool_${i}`, width: 140 + Math.floor(rnd() * 80), height: 44 }));
  const edges: LayoutEdge[] = [];
  // Mostly forward edges between nearby tools (call-order chains), some long and some backward.
  while (edges.length < edgeCount) {
    const s = Math.floor(rnd() * tools);
    const span = rnd() < 0.8 ? 1 + Math.floor(rnd() * 6) : Math.floor(rnd() * tools) - s;
    const t = Math.min(tools - 1, Math.max(0, s + span));
    if (t !== s) edges.push({ id: `e${edges.length}`, source: `tool_${s}`, target: `tool_${t}` });
  }
  const r = medianCpu(3, () => layeredLayout(nodes, edges, { direction: 'RIGHT' }));
  return { name: `${tools} tools, ${edgeCount} edges, direction RIGHT`, ms: r.ms, runs: r.all };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(benchLayout());
