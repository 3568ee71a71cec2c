/**
 * Tailing a growing log file by polling, as `tail -F` does: the file may not exist yet, may be
 * truncated (a new session written into the same file) or replaced (rotated: a new inode), and each
 * of those is said, never silently read past. Polling rather than `fs.watch`, whose events are not
 * dependable across platforms and file systems (network mounts, editors that replace files).
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** What a tail reports. */
export interface TailListener {
  /** New bytes at the end of the file, in order. */
  bytes(chunk: Uint8Array): void;
  /** The file started over: `appeared` (it now exists), `truncated` (shorter than what was read), `rotated` (another file at the path). */
  reset(why: 'appeared' | 'truncated' | 'rotated'): void;
}

/** The most read from the file in one poll (the rest comes at the next). */
export const TAIL_CHUNK_BYTES = 1 << 20;

export interface Tail {
  /** Reads whatever is new now; returns whether anything was. */
  poll(): boolean;
  /** Polls every `intervalMs` until {@link stop}. */
  start(intervalMs?: number): void;
  stop(): void;
  /** Bytes read from the current file so far. */
  readonly offset: number;
}

/** Follows `path` from its start (or from `fromEnd`: only what is appended after the first poll). */
export function createTail(path: string, listener: TailListener, { fromEnd = false } = {}): Tail {
  let fd: number | undefined;
  let ino: number | undefined;
  let offset = 0;
  /** Polled at least once (a file found later "appeared"). */
  let polled = false;
  /** A file was open before (one found later was "rotated" in). */
  let opened = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const buffer = new Uint8Array(TAIL_CHUNK_BYTES);

  const close = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };

  const open = (): boolean => {
    try {
      if (!statSync(path).isFile()) return false;
      fd = openSync(path, 'r');
    } catch {
      return false;
    }
    const st = fstatSync(fd);
    ino = st.ino;
    offset = !polled && fromEnd ? st.size : 0;
    if (opened) listener.reset('rotated');
    else if (polled) listener.reset('appeared');
    opened = true;
    return true;
  };

  const poll = (): boolean => {
    const ready = fd !== undefined || open();
    polled = true;
    if (!ready || fd === undefined) return false;
    const size = fstatSync(fd).size;
    if (size < offset) {
      offset = 0;
      listener.reset('truncated');
    }
    if (size > offset) {
      const n = readSync(fd, buffer, 0, Math.min(TAIL_CHUNK_BYTES, size - offset), offset);
      if (n > 0) {
        offset += n;
        listener.bytes(buffer.slice(0, n));
        return true;
      }
    }
    // Read to its end: if another file now stands at the path (rotation), go on with that one.
    let atPath: number | undefined;
    try {
      atPath = statSync(path).ino;
    } catch {
      atPath = undefined;
    }
    if (atPath !== undefined && atPath !== ino) {
      close();
      return open();
    }
    return false;
  };

  return {
    poll,
    start(intervalMs = 100) {
      timer ??= setInterval(() => {
        // drain what is there (a burst larger than one chunk)
        for (let i = 0; i < 64 && poll(); i++);
      }, intervalMs);
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      close();
    },
    get offset() {
      return offset;
    },
  };
}
