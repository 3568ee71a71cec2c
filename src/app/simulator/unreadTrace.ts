/**
 * Which chosen scripted trace Run refuses (`traces.md`, Scripted trace). Loaded when Run is pressed,
 * not with the page: it reads YAML.
 */
import type { TraceDoc } from '../state/store.ts';
import { detectTraceFormat, scriptedOutline } from '../../core/traces/index.ts';
import type { UnreadTrace } from './runRequest.ts';

/** How much of a text format detection looks at. */
const HEAD = 64 * 1024;

/**
 * The first of `traces` that is a scripted trace with problems, or undefined. A scripted trace is
 * written by hand: replaying the steps around a typo would report made-up decisions (the step it
 * dropped is missing), so it runs only when it reads whole. Recorded logs keep their unreadable
 * lines as error decisions. Cheap whatever the `repeat` counts: nothing is expanded.
 */
export function unreadScripted(traces: readonly Pick<TraceDoc, 'id' | 'name' | 'text'>[]): UnreadTrace | undefined {
  for (const t of traces) {
    if (detectTraceFormat(t.name, t.text.slice(0, HEAD)) !== 'scripted') continue;
    const { problems } = scriptedOutline(t.text);
    if (problems.length > 0) return { traceId: t.id, name: t.name, problems, several: traces.length > 1 };
  }
  return undefined;
}
