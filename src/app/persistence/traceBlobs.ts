/**
 * Large trace texts are stored in IndexedDB as Blobs. A record is structured-cloned on every
 * save (and read back for the revision check), so an 86 MB trace stored as a string would cost
 * two large copies on the page's thread per edit; a Blob is cloned as a handle. Each trace text
 * is turned into a Blob once (traces are immutable objects, so the Blob is cached per trace).
 */
import type { TraceDoc } from '../state/store.ts';

/** Traces at least this long (in characters) are stored as Blobs. */
export const BLOB_TRACE_CHARS = 256 * 1024;

/** How a trace sits in a stored record: its text, or a Blob holding it. */
export type StoredTrace = TraceDoc | { id: string; name: string; text: ''; blob: Blob; note?: string };

const blobs = new WeakMap<TraceDoc, Blob>();

/**
 * A trace's text as a Blob, made once per trace. Also what a run sends the worker for a large
 * trace: a Blob crosses to the worker as a handle, where the text would be copied on the page's
 * thread (about 100 MB for a million events) at every Run.
 */
export function traceBlob(t: TraceDoc): Blob {
  let blob = blobs.get(t);
  if (!blob) blobs.set(t, (blob = new Blob([t.text], { type: 'text/plain' })));
  return blob;
}

/** The stored form of a project's traces. */
export function tracesForStorage(traces: readonly TraceDoc[] | undefined): StoredTrace[] | undefined {
  if (!traces) return undefined;
  return traces.map((t) => {
    if (t.text.length < BLOB_TRACE_CHARS) return t;
    return { id: t.id, name: t.name, text: '', blob: traceBlob(t), ...(t.note !== undefined ? { note: t.note } : {}) };
  });
}

/** Traces read from storage, with Blob-held texts read back (never throws: unreadable → ''). */
export async function tracesFromStorage(traces: unknown): Promise<unknown> {
  if (!Array.isArray(traces)) return traces;
  return Promise.all(
    traces.map(async (t: unknown) => {
      if (typeof t !== 'object' || t === null || !('blob' in t) || !(t.blob instanceof Blob)) return t;
      const { blob, ...rest } = t as { blob: Blob } & Record<string, unknown>;
      return { ...rest, text: await blob.text().catch(() => '') };
    }),
  );
}
