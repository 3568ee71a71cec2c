/** File access and output for the CLI: the only place the CLI touches the file system. */
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync, writeFileSync, writeSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { termSafe } from './escape.ts';
import { decodeBytes, decoderFor, invalidUtf8, type InvalidUtf8 } from '../core/text/decodeBytes.ts';

export class UnreadableError extends Error {}

/** Node's system error codes, in words (a CI log should never show a bare `ENOSPC`). */
const SYSTEM_ERRORS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file would be larger than the file system allows',
  EIO: 'an input/output error on the device',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  ENAMETOOLONG: 'the name is too long',
};

/** What a Node system error means, in words, or undefined when it is not one (or an unknown one). */
export function systemErrorWords(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? SYSTEM_ERRORS[code] : undefined;
}

/** Most bytes a whole-file read takes (rule files, traces read whole); larger inputs are refused. */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

function kindOf(st: Stats): string | undefined {
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return 'is a directory, not a file';
  if (st.isFIFO()) return 'is a FIFO (named pipe), not a regular file';
  if (st.isCharacterDevice()) return 'is a character device, not a regular file';
  if (st.isBlockDevice()) return 'is a block device, not a regular file';
  if (st.isSocket()) return 'is a socket, not a regular file';
  return 'is not a regular file';
}

const unreadable = (path: string, why: string) => new UnreadableError(`${termSafe(path)}: ${why}`);

function failure(path: string, e: unknown): UnreadableError {
  if (e instanceof UnreadableError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return unreadable(path, 'no such file');
  if (code === 'EACCES' || code === 'EPERM') return unreadable(path, 'permission denied');
  if (code === 'EISDIR') return unreadable(path, 'is a directory, not a file');
  return unreadable(path, `cannot be read (${code ?? String(e)})`);
}

/**
 * Refuses anything but a regular file before opening it, so a FIFO with no writer never blocks
 * and a device such as /dev/zero is never read: rule files and traces are files.
 */
function requireRegular(path: string): void {
  const why = kindOf(statSync(path));
  if (why) throw unreadable(path, `${why}; rule-studio reads regular files only (save the input to a file first)`);
}

const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;

/**
 * Reads a text file, or throws {@link UnreadableError} saying why it cannot be read. The byte cap
 * holds whatever the file reports as its size (files in /proc report 0): bytes are counted as they
 * are read and reading stops past the cap.
 */
export function readText(path: string, maxBytes = MAX_FILE_BYTES): string {
  return decodeBytes(readBytes(path, maxBytes));
}

/**
 * Reads all of stdin (`check -`), at most {@link MAX_FILE_BYTES}; a stdin that is not UTF-8 is
 * decoded as a file is.
 */
export function readStdin(maxBytes = MAX_FILE_BYTES): string {
  const chunks: Buffer[] = [];
  let total = 0;
  const buf = Buffer.allocUnsafe(65536);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue; // a non-blocking pipe with nothing yet: wait for it
      if (code === 'EOF') break;
      throw unreadable('stdin', `cannot be read (${code ?? String(e)})`);
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw unreadable('stdin', `input is too large (more than ${mb(maxBytes)})`);
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return decodeBytes(Buffer.concat(chunks, total));
}

/** Reads a rule file: its text, and where its bytes first break UTF-8 (see `loadFiles`). */
export function readRuleText(path: string): { text: string; invalidUtf8?: InvalidUtf8 } {
  const bytes = readBytes(path, MAX_FILE_BYTES);
  const bad = invalidUtf8(bytes);
  return { text: decodeBytes(bytes), ...(bad ? { invalidUtf8: bad } : {}) };
}

/** Reads a regular file's bytes, or throws {@link UnreadableError} (see {@link readText}). */
function readBytes(path: string, maxBytes: number): Buffer {
  let fd: number | undefined;
  try {
    requireRegular(path);
    // O_NONBLOCK: should the path become a FIFO between the check and the open, the open does not wait.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    const why = kindOf(st);
    if (why) throw unreadable(path, `${why}; rule-studio reads regular files only`);
    if (st.size > maxBytes) throw unreadable(path, `file is too large (${mb(st.size)}; the limit is ${mb(maxBytes)})`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(Math.max(st.size - total, 65536), 1 << 24));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw unreadable(path, `file is too large (more than ${mb(maxBytes)})`);
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } catch (e) {
    throw failure(path, e);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Set once a write to fd 1 or 2 would block: from then on output goes through Node's streams. */
let streamsOnly = false;

/**
 * Writes bytes to stdout (fd 1) or stderr (fd 2) synchronously, so output keeps its order across
 * the two and a large output waits for a slow reader instead of queueing in memory. Writing to the
 * descriptor also spares a short run the cost of setting up Node's stdio streams. Should the
 * descriptor be non-blocking (EAGAIN), the rest goes through `process.stdout` / `process.stderr`
 * (copied: the caller may reuse its buffer once this returns).
 */
function writeBytes(fd: 1 | 2, bytes: Uint8Array): void {
  const stream = () => (fd === 1 ? process.stdout : process.stderr);
  if (streamsOnly) {
    stream().write(Buffer.from(bytes));
    return;
  }
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // The reader went away (`rule-studio simulate … | head`): nobody reads the rest, stop quietly.
    // A pipe says EPIPE; a socket pair (how a parent process may give its child's stdout) can say
    // ECONNRESET instead — seen once in CI.
    if (readerGone(code)) process.exit();
    if (code !== 'EAGAIN') {
      const words = systemErrorWords(e);
      throw words ? new UnreadableError(`the ${fd === 1 ? 'output' : 'error output'} could not be written: ${words}`) : e;
    }
    streamsOnly = true;
    for (const s of [process.stdout, process.stderr])
      s.on('error', (error: NodeJS.ErrnoException) => {
        if (readerGone(error.code)) process.exit();
        throw error;
      });
    stream().write(Buffer.from(bytes.subarray(done)));
  }
}

/** Whether a write failed because the reader of the output went away. */
function readerGone(code: string | undefined): boolean {
  return code === 'EPIPE' || code === 'ECONNRESET';
}

/** Writes a line (a newline is added when missing) to stdout or stderr, see {@link writeBytes}. */
function writeLine(fd: 1 | 2, text: string): void {
  writeBytes(fd, Buffer.from(text.endsWith('\n') ? text : text + '\n', 'utf8'));
}

/** Writes to stdout, keeping output order with stderr. */
export const out = (text: string): void => writeLine(1, text);
export const err = (text: string): void => writeLine(2, text);
/** Writes UTF-8 bytes of whole lines to stdout as they are (the decision stream), keeping order with stderr. */
export const outBytes = (bytes: Uint8Array): void => writeBytes(1, bytes);

/**
 * Reads a regular file as a stream of byte chunks (up to 1 MiB each), read synchronously into one
 * reused buffer: a chunk holds its bytes until the next one is asked for (copy what must outlive
 * that). A stream allocated a fresh 1 MiB buffer per chunk and went through its queue.
 */
export async function* readByteChunks(path: string): AsyncIterable<Uint8Array> {
  let fd: number | undefined;
  try {
    requireRegular(path);
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const buf = new Uint8Array(1 << 20);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      yield buf.subarray(0, n);
    }
  } catch (e) {
    throw failure(path, e);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Reads a file as text chunks (multi-byte characters are never split): UTF-8, or UTF-16 when the
 * file starts with its byte-order mark.
 */
export async function* readChunks(path: string): AsyncIterable<string> {
  let decoder: TextDecoder | undefined;
  for await (const bytes of readByteChunks(path)) {
    decoder ??= decoderFor(bytes);
    const text = decoder.decode(bytes, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder?.decode() ?? '';
  if (rest !== '') yield rest;
}

/** The package.json `repository` URL (a string or `{ url }`), when it names one. */
export function packageRepositoryUrl(): string | undefined {
  for (const up of ['..', '../..'])
    try {
      const pkg = JSON.parse(readFileSync(new URL(`${up}/package.json`, import.meta.url), 'utf8')) as { name?: unknown; repository?: unknown };
      if (pkg.name !== 'rule-studio') continue;
      const r = pkg.repository;
      const url = typeof r === 'string' ? r : typeof r === 'object' && r !== null ? (r as { url?: unknown }).url : undefined;
      return typeof url === 'string' ? url : undefined;
    } catch {
      // not this level
    }
  return undefined;
}

/**
 * The version in the package's package.json: one level up from the bundle (`dist-cli/`), two from
 * the sources (`src/cli/`).
 */
export function packageVersion(): string {
  for (const up of ['..', '../..'])
    try {
      const pkg = JSON.parse(readFileSync(new URL(`${up}/package.json`, import.meta.url), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'rule-studio' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not this level
    }
  return '0.0.0';
}

/** Writes a text file as UTF-8, or throws {@link UnreadableError} saying why it cannot be written. */
export function writeText(path: string, text: string): void {
  try {
    writeFileSync(path, text, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const words = code === 'ENOENT' ? 'its folder does not exist' : (systemErrorWords(e) ?? (e instanceof Error ? e.message : String(e)));
    throw unreadable(path, `cannot be written (${words})`);
  }
}

/** Folders a search for files never enters. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);

/**
 * The regular files under `path` (or `path` itself when it is a file), sorted by path; hidden
 * folders, node_modules, dist and coverage are skipped and symbolic links to folders are not
 * followed, so a link cycle cannot loop.
 */
export function listFiles(path: string): string[] {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw failure(path, e);
  }
  if (!st.isDirectory()) return [path];
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      throw failure(dir, e);
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile()) out.push(full);
    }
  };
  walk(path);
  return out;
}
