/**
 * A page opened by `rule-studio serve`: the files it was started on become the project, and the
 * studio writes them back only when asked (Save to files), or as they are edited when serve was
 * started with `--write-back`. Never silently otherwise.
 *
 * The page knows it was served by a marker the server adds to `index.html`; a static host has none,
 * so no request is ever made there. Every request goes to the page's own origin and path.
 */
import { createStore } from 'zustand/vanilla';
import { z } from 'zod';
import type { StudioStore } from '../state/store.ts';
import { OFF_THREAD_CHARS, settledText } from '../state/documents.ts';
import { applyImport } from './importApply.ts';
import { readImport } from './importReading.ts';
import { readOffThread } from './importHandlers.ts';
import { flushPendingEdits } from './pendingEdits.ts';
import { lazySchema } from '../../core/model/lazySchema.ts';

/** Where the session's API lives, relative to the page (the server's `API_PREFIX`). */
const API = './__rule-studio/';

/** One served file and what in the project it became. */
export interface ServedLink {
  id: number;
  name: string;
  /** The document or trace holding the file's text; none when the file opened as several documents. */
  target?: { kind: 'doc' | 'trace'; id: string };
  /** The text the file has on disk, as far as the page knows. */
  written: string;
}

export interface ServedState {
  active: boolean;
  writeBack: boolean;
  links: readonly ServedLink[];
  /** Linked files whose text in the studio differs from the disk. */
  unsaved: number;
  saving: boolean;
}

/** The served session of this page (inactive on a static host). */
export const servedStore = createStore<ServedState>(() => ({ active: false, writeBack: false, links: [], unsaved: 0, saving: false }));

const SESSION = lazySchema(() =>
  z.object({
    files: z.array(z.object({ id: z.number().int().nonnegative(), name: z.string().max(4096), text: z.string() })).max(500),
    writeBack: z.boolean(),
    /** Served by `follow --studio`: a session's decisions stream at `./__rule-studio/live`. */
    live: z.boolean().optional(),
  }),
);
export type ServedSession = z.infer<typeof SESSION>;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** True when `rule-studio serve` served this page. */
export const isServedPage = (doc: Pick<Document, 'querySelector'> = document): boolean => doc.querySelector('meta[name="rule-studio-serve"]') !== null;

/** Reads the session (the files and the write-back setting); a message when it cannot. */
export async function fetchServedSession(fetcher: Fetch = fetch): Promise<ServedSession | string> {
  try {
    const r = await fetcher(`${API}session`, { credentials: 'same-origin', cache: 'no-store' });
    if (!r.ok) return `the server said ${r.status}: ${(await r.text()).slice(0, 300)}`;
    const parsed = SESSION.safeParse(await r.json());
    return parsed.success ? parsed.data : 'the server sent a session the studio does not understand';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** The project's current text of a link's target (undefined when it is gone). */
function currentText(store: StudioStore, link: ServedLink): string | undefined {
  const p = store.getState().project;
  if (link.target?.kind === 'doc') {
    const doc = p.docs.find((d) => d.id === link.target?.id);
    return doc ? settledText(doc) : undefined;
  }
  if (link.target?.kind === 'trace') return p.traces?.find((t) => t.id === link.target?.id)?.text;
  return undefined;
}

/** How many linked files the studio holds a text of that differs from the disk. */
const unsavedCount = (store: StudioStore, links: readonly ServedLink[]): number =>
  links.filter((l) => {
    const text = currentText(store, l);
    return text !== undefined && text !== l.written;
  }).length;

/** Links each served file to the document or trace of the same name in the open project. */
export function linkServed(store: StudioStore, session: ServedSession): ServedLink[] {
  const p = store.getState().project;
  return session.files.map((f): ServedLink => {
    const doc = p.docs.find((d) => d.fileName === f.name);
    if (doc) return { id: f.id, name: f.name, target: { kind: 'doc', id: doc.id }, written: f.text };
    const trace = p.traces?.find((t) => t.name === f.name);
    if (trace) return { id: f.id, name: f.name, target: { kind: 'trace', id: trace.id }, written: f.text };
    return { id: f.id, name: f.name, written: f.text };
  });
}

/** Opens the session's files as a new project (one import per file, in the given order). */
export async function openServedProject(store: StudioStore, session: ServedSession): Promise<void> {
  const names = session.files.map((f) => f.name);
  store.getState().newProject(names.length === 1 ? names[0] : names.length > 1 ? `${names[0]} and ${names.length - 1} more` : 'Untitled project');
  for (const f of session.files) {
    const { reading, analyses } = f.text.length < OFF_THREAD_CHARS ? { reading: readImport(f.name, f.text), analyses: [] } : await readOffThread({ name: f.name, text: f.text }, f.text.length);
    applyImport(store, reading, undefined, analyses);
  }
}

/** Starts tracking the links: the unsaved count, and writing back as edited when asked for. */
export function trackServed(store: StudioStore, session: ServedSession, links: ServedLink[], fetcher: Fetch = fetch): () => void {
  servedStore.setState({ active: true, writeBack: session.writeBack, links, unsaved: 0 });
  const several = links.filter((l) => !l.target).map((l) => l.name);
  if (several.length > 0)
    store.getState().notify('info', `${several.join(', ')} opened as several documents; Save to files writes only files that opened as one document (export the others).`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const recount = () => {
    const s = servedStore.getState();
    const unsaved = unsavedCount(store, s.links);
    if (unsaved !== s.unsaved) servedStore.setState({ unsaved });
    if (s.writeBack && unsaved > 0) {
      clearTimeout(timer);
      timer = setTimeout(() => void saveServed(store, fetcher, { quiet: true }), 400);
    }
  };
  recount();
  return store.subscribe((s, prev) => {
    if (s.project !== prev.project) recount();
  });
}

/** Writes every linked file whose text differs from the disk; tells the user what was written. */
export async function saveServed(store: StudioStore, fetcher: Fetch = fetch, { quiet = false } = {}): Promise<number> {
  flushPendingEdits();
  const s = servedStore.getState();
  if (!s.active || s.saving) return 0;
  servedStore.setState({ saving: true });
  const saved: string[] = [];
  const links = [...s.links];
  try {
    for (const [i, link] of links.entries()) {
      const text = currentText(store, link);
      if (text === undefined || text === link.written) continue;
      let problem: string | undefined;
      try {
        const r = await fetcher(`${API}files/${link.id}`, { method: 'PUT', body: text, credentials: 'same-origin', headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
        if (!r.ok) problem = (await r.text()).slice(0, 300) || `the server said ${r.status}`;
      } catch (e) {
        problem = `the server cannot be reached (${e instanceof Error ? e.message : String(e)}); is rule-studio serve still running?`;
      }
      if (problem) {
        store.getState().notify('error', `${link.name} was not saved: ${problem.replace(/[.\s]+$/, '')}. Your edits are kept in the studio.`);
        continue;
      }
      links[i] = { ...link, written: text };
      saved.push(link.name);
    }
  } finally {
    servedStore.setState({ links, saving: false, unsaved: unsavedCount(store, links) });
  }
  if (saved.length > 0 && !quiet) store.getState().notify('info', `Saved ${saved.join(', ')} to disk.`);
  else if (saved.length === 0 && !quiet && servedStore.getState().unsaved === 0) store.getState().notify('info', 'Every file is saved: nothing to write.');
  return saved.length;
}
