/** File access and output for the CLI: the only place the CLI touches the file system. */
import { createReadStream, readFileSync, statSync } from 'node:fs';

export class UnreadableError extends Error {}

/** Reads a text file, or throws {@link UnreadableError} saying why it cannot be read. */
export function readText(path: string): string {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UnreadableError(`${path}: is a directory, not a file`);
    size = st.size;
  } catch (e) {
    if (e instanceof UnreadableError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UnreadableError(
      code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot be read (${code ?? String(e)})`,
    );
  }
  if (size > 512 * 1024 * 1024) throw new UnreadableError(`${path}: file is too large (${(size / 1048576).toFixed(0)} MB)`);
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UnreadableError(`${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/** Writes to stdout, keeping output order with stderr. */
export const out = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
};
export const err = (text: string): void => {
  process.stderr.write(text.endsWith('\n') ? text : text + '\n');
};

/** Reads a file as UTF-8 text chunks (multi-byte characters are never split). */
export async function* readChunks(path: string): AsyncIterable<string> {
  let stream;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UnreadableError(`${path}: is a directory, not a file`);
    stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  } catch (e) {
    if (e instanceof UnreadableError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UnreadableError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot be read (${code ?? String(e)})`);
  }
  try {
    for await (const chunk of stream) yield chunk as string;
  } catch (e) {
    throw new UnreadableError(`${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}
