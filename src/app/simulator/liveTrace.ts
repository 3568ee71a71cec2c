/**
 * Lines mode of `follow --studio` (Codex rollouts, Gemini CLI session logs): the streamed lines of
 * the followed session kept as one of the project's traces, which the Policy view decides (it is
 * reactive on the traces). A line already held (a reconnect resumes after the last id) is never
 * added twice. The trace is written at most every {@link LIVE_TRACE_FLUSH_MS}: each write sends
 * the whole text to the policy worker, so coalescing keeps a fast-growing session linear enough.
 * While the view is paused (a breakpoint, or Pause) the lines are held, not written: the Policy view
 * stays where it stopped, and "Jump to live" writes them.
 * The writes are no undo steps (`putLiveTrace`): a growing session is not the user's edit.
 */
import type { StudioStore } from '../state/store.ts';
import { liveStore } from './liveStore.ts';

/** How often, at most, the growing session is written to the project. */
export const LIVE_TRACE_FLUSH_MS = 250;

export interface LiveTraceFeed {
  /** New lines (`offset` just past them) of session `session`; `text` undefined: a new session begins. */
  lines(session: number, offset: number, name: string, text: string | undefined): void;
  /** Writes what is held now (the page is leaving, the view goes live again, or a test). */
  flush(): void;
}

/** Counts the complete lines of a chunk. */
const lineCount = (chunk: string): number => {
  let n = 0;
  for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) n++;
  return n;
};

/**
 * A feed writing the followed session into `store`'s traces; `live()` says whether the view follows
 * the session (else lines are held and counted in `liveStore`'s `waiting`).
 */
export function createLiveTraceFeed(store: StudioStore, schedule: (run: () => void, ms: number) => unknown = setTimeout, live: () => boolean = () => liveStore.getState().following): LiveTraceFeed {
  let session = -1;
  let offset = -1;
  let name = '';
  let text = '';
  let traceId: string | undefined;
  let scheduled = false;
  let lastWrite = -Infinity;

  let written: string | undefined;
  const flush = () => {
    scheduled = false;
    lastWrite = Date.now();
    if (liveStore.getState().waiting !== 0) liveStore.setState({ waiting: 0 });
    if (text === written && traceId !== undefined) return;
    written = text;
    const s = store.getState();
    const traces = s.project.traces ?? [];
    // the trace the page made, else one of the same name (a reopened project): its text is replaced
    const trace = traces.find((t) => t.id === traceId) ?? traces.find((t) => t.name === name);
    // not the user's edit: no undo step, and undo never takes the live events away
    traceId = s.putLiveTrace(trace?.id, name, text);
  };
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(flush, Math.max(0, LIVE_TRACE_FLUSH_MS - (Date.now() - lastWrite)));
  };

  return {
    lines(at, end, of, chunk) {
      if (at < session) return;
      if (at > session || chunk === undefined) {
        // a new session: its text alone, in the same trace
        session = at;
        offset = -1;
        text = '';
      }
      name = of;
      if (chunk !== undefined) {
        if (end <= offset) return;
        offset = end;
        text += chunk;
      }
      if (!live()) {
        liveStore.setState((l) => ({ waiting: l.waiting + (chunk === undefined ? 0 : lineCount(chunk)) }));
        return;
      }
      later();
    },
    flush,
  };
}
