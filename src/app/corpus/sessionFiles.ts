/**
 * The session files of a corpus, from the folder picker or a drop: folders are walked and give
 * their trace files (`.jsonl`, `.json`, `.yaml`, `.yml`, as `rule-studio report --corpus` picks
 * them); files given one by one are taken as they are. Sorted by path, as the CLI sorts them, so
 * the studio's report lists sessions in the same order.
 */

/** One session of a corpus: its path in the folder opened, and its file (read when replayed). */
export interface SessionFile {
  name: string;
  file: File;
}

/** What a folder contributes: the trace files the CLI's `--corpus` also picks. */
export const SESSION_FILE = /\.(jsonl|json|ya?ml)$/i;

/** Folders deeper than this are not walked (a link loop, or a tree no corpus has). */
const MAX_DEPTH = 32;

const byName = (a: SessionFile, b: SessionFile) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The session files of a folder picker's list (`webkitRelativePath` names them), sorted. */
export function sessionFilesOf(files: Iterable<File>): SessionFile[] {
  const out: SessionFile[] = [];
  for (const file of files) {
    const name = file.webkitRelativePath || file.name;
    if (!file.webkitRelativePath || SESSION_FILE.test(name)) out.push({ name, file });
  }
  return out.sort(byName);
}

/** The first segment of the picked folder's paths ("sessions" for `sessions/a.jsonl`), else a count. */
export function sourceOf(sessions: readonly SessionFile[], picked: number): string {
  const first = sessions[0]?.name ?? '';
  const slash = first.indexOf('/');
  return slash > 0 ? `${first.slice(0, slash)}/` : `${picked} file${picked === 1 ? '' : 's'}`;
}

/** The entry API of a dropped item (not in every DOM typing). */
interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: Entry[]) => void, fail: (e: unknown) => void): void };
}

const fileOf = (entry: Entry) => new Promise<File>((resolve, reject) => entry.file?.(resolve, reject));
const readBatch = (reader: ReturnType<NonNullable<Entry['createReader']>>) => new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));

/**
 * The session files of a drop: dropped folders walked (their trace files), dropped files taken.
 * Stops collecting past `limit` files (the caller refuses the corpus with the count it saw).
 */
export async function droppedSessionFiles(data: DataTransfer, limit: number): Promise<{ source: string; sessions: SessionFile[] }> {
  const entries = [...data.items].map((i) => (i.kind === 'file' ? (i.webkitGetAsEntry() as Entry | null) : null));
  const out: SessionFile[] = [];
  const walk = async (entry: Entry, depth: number, inFolder: boolean): Promise<void> => {
    if (out.length > limit) return;
    if (entry.isFile) {
      const name = entry.fullPath.replace(/^\//, '');
      if (!inFolder || SESSION_FILE.test(name)) out.push({ name, file: await fileOf(entry) });
      return;
    }
    if (!entry.isDirectory || !entry.createReader || depth >= MAX_DEPTH) return;
    const reader = entry.createReader();
    // readEntries answers in batches (100 in Chromium) until an empty one
    for (let batch = await readBatch(reader); batch.length > 0 && out.length <= limit; batch = await readBatch(reader))
      for (const e of batch) await walk(e, depth + 1, true);
  };
  if (entries.every((e) => e === null)) {
    const files = [...data.files].map((file) => ({ name: file.name, file }));
    return { source: `${files.length} file${files.length === 1 ? '' : 's'}`, sessions: files.sort(byName) };
  }
  for (const e of entries) if (e) await walk(e, 0, false);
  const folders = entries.filter((e) => e?.isDirectory);
  const source = folders.length === 1 && entries.length === 1 ? `${folders[0]?.name ?? ''}/` : `${out.length} file${out.length === 1 ? '' : 's'}`;
  return { source, sessions: out.sort(byName) };
}
