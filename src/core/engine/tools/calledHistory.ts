/**
 * The tools called in the ordering scope, in order, repeats kept — what a PrerequisitesNotMet
 * message prints (`tool-rules.md` §6). Held as tool ids in fixed-size chunks of a typed array one
 * byte wide while ids fit (a chunk is widened to two, then four bytes when a larger id arrives), so
 * a scope of millions of calls costs a byte or two per call and no text at all.
 *
 * The history only grows within a scope and a new scope starts a new chunk list, so a
 * {@link CalledView} — the scope and a length — stays valid for ever: a failure keeps one (two
 * references) and builds its message text only when someone reads it. Text is kept only once read.
 */

type IdArray = Uint8Array | Uint16Array | Uint32Array;

/** Ids per chunk. */
const CHUNK = 4096;
/**
 * Room of a scope's first chunk, which doubles up to {@link CHUNK} as ids come: the verifier
 * restores a saved history of a few ids at every move it tries, and a whole chunk made (and
 * zeroed) for each was the largest single cost of its search on a 50-tool agent.
 */
const FIRST_ROOM = 16;

/**
 * One scope's ids, and the text of its first `textLength` ids once a message has asked for it:
 * messages are read in the order they were made (a decision stream), so each read formats only the
 * ids called since the last one.
 */
interface Scope {
  readonly chunks: IdArray[];
  text: string;
  textLength: number;
}

/** The history as it was at one moment: entries below `length` never change. */
export interface CalledView {
  readonly scope: Scope;
  readonly length: number;
}

const newScope = (): Scope => ({ chunks: [], text: '', textLength: 0 });

/** The tail of a history with no chunk yet (never written: a push first makes a chunk). */
const NO_CHUNK: IdArray = new Uint8Array(0);
/**
 * The least id a chunk of `width` bytes cannot hold; for four bytes 2³⁰, which ids stay far below
 * and which is a small integer, so the field holding it never changes representation.
 */
const limitOf = (width: 1 | 2 | 4): number => (width === 1 ? 0x100 : width === 2 ? 0x10000 : 0x40000000);

function widthFor(id: number): 1 | 2 | 4 {
  return id > 0xffff ? 4 : id > 0xff ? 2 : 1;
}

function arrayOf(width: 1 | 2 | 4, n: number): IdArray {
  return width === 1 ? new Uint8Array(n) : width === 2 ? new Uint16Array(n) : new Uint32Array(n);
}

const idAt = (chunks: readonly IdArray[], i: number): number => (chunks[(i / CHUNK) | 0] as IdArray)[i % CHUNK] as number;

/** The id at position `i` (< `view.length`) of a view. */
export const viewIdAt = (view: CalledView, i: number): number => idAt(view.scope.chunks, i);

function joinRange(chunks: readonly IdArray[], from: number, to: number, format: (id: number) => string): string {
  const parts = new Array<string>(to - from);
  for (let i = from; i < to; i++) parts[i - from] = format(idAt(chunks, i));
  return parts.join(', ');
}

/**
 * The ids of a view formatted by `format` (the same function for every view of a history) and
 * joined with `, `, in the order they were called. The scope keeps the text read last and extends
 * it, so reading each message of a stream in order costs only the calls between them.
 */
export function joinView(view: CalledView, format: (id: number) => string): string {
  const scope = view.scope;
  if (view.length < scope.textLength) return joinRange(scope.chunks, 0, view.length, format);
  if (view.length > scope.textLength) {
    const tail = joinRange(scope.chunks, scope.textLength, view.length, format);
    scope.text = scope.textLength === 0 ? tail : `${scope.text}, ${tail}`;
    scope.textLength = view.length;
  }
  return scope.text;
}

/** The ids of a view, copied. */
export function viewIds(view: CalledView): number[] {
  const out = new Array<number>(view.length);
  for (let i = 0; i < view.length; i++) out[i] = idAt(view.scope.chunks, i);
  return out;
}

export class CalledHistory {
  /** Replaced (never emptied) when a scope starts, so views of the old scope keep their chunks. */
  private scope = newScope();
  private len = 0;
  /** The chunk the next id goes into while `len % CHUNK > 0` (the last of the scope's chunks). */
  private tail: IdArray = NO_CHUNK;
  /** The least id {@link tail} cannot hold ({@link limitOf}). */
  private tailLimit = 0;

  get length(): number {
    return this.len;
  }

  /**
   * Appends an id. The usual push stores into the tail chunk; a new chunk (a scope's first, or a
   * full one), a widening and more room are made in {@link nextChunk}, so this path reads no array past its
   * end and changes no field's representation (both threw the compiled caller away).
   */
  push(id: number): void {
    const at = this.len % CHUNK;
    if (at === 0 || at === this.tail.length || id >= this.tailLimit) this.nextChunk(id, at);
    this.tail[at] = id;
    this.len++;
  }

  /**
   * Makes {@link tail} a chunk that can hold `id` at `at`: a new one at a chunk's start (a whole
   * chunk once the scope has one, else {@link FIRST_ROOM}), else the tail widened or grown.
   */
  private nextChunk(id: number, at: number): void {
    const chunks = this.scope.chunks;
    const width = at === 0 ? widthFor(id) : (Math.max(widthFor(id), this.tail.BYTES_PER_ELEMENT) as 1 | 2 | 4);
    const room = at === 0 ? (chunks.length === 0 ? FIRST_ROOM : CHUNK) : at === this.tail.length ? Math.min(CHUNK, 2 * at) : this.tail.length;
    const chunk = arrayOf(width, room);
    if (at === 0) chunks.push(chunk);
    else {
      // Widened in place of the old chunk: the entries views can see keep their values.
      chunk.set(this.tail.subarray(0, at));
      chunks[chunks.length - 1] = chunk;
    }
    this.tail = chunk;
    this.tailLimit = limitOf(width);
  }

  clear(): void {
    this.scope = newScope();
    this.len = 0;
    this.tail = NO_CHUNK;
    this.tailLimit = 0;
  }

  at(i: number): number {
    return idAt(this.scope.chunks, i);
  }

  /** The history as it is now (O(1); valid after later pushes and scopes). */
  view(): CalledView {
    return { scope: this.scope, length: this.len };
  }

  /** The ids, copied. */
  toArray(): number[] {
    return viewIds(this.view());
  }

  /** A copy of the ids in one array as wide as the widest id (for checkpoints). */
  save(): IdArray {
    const chunks = this.scope.chunks;
    let width: 1 | 2 | 4 = 1;
    for (const c of chunks) width = Math.max(width, c.BYTES_PER_ELEMENT) as 1 | 2 | 4;
    const out = arrayOf(width, this.len);
    for (let k = 0; k < chunks.length; k++) {
      const c = chunks[k] as IdArray;
      const n = Math.min(CHUNK, this.len - k * CHUNK);
      out.set(n === CHUNK ? c : c.subarray(0, n), k * CHUNK);
    }
    return out;
  }

  restore(ids: IdArray): void {
    this.clear();
    const width = ids.BYTES_PER_ELEMENT as 1 | 2 | 4;
    for (let from = 0; from < ids.length; from += CHUNK) {
      // The last chunk with room for twice its ids (at least FIRST_ROOM); it grows as ids come.
      const n = Math.min(CHUNK, ids.length - from);
      const chunk = arrayOf(width, n === CHUNK ? CHUNK : Math.min(CHUNK, Math.max(FIRST_ROOM, 2 * n)));
      chunk.set(ids.subarray(from, Math.min(ids.length, from + CHUNK)));
      this.scope.chunks.push(chunk);
      this.tail = chunk;
      this.tailLimit = limitOf(width);
    }
    this.len = ids.length;
  }
}
