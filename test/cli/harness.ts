import { readFileSync } from 'node:fs';
import { main } from '../../src/cli/main.ts';
import { listFiles, readText, UnreadableError, writeText } from '../../src/cli/io.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in-process with a virtual file system: `files` first, then real files (for the
 * shared examples and conformance inputs). `stdin` is what `-` reads; `listFiles` walks real folders.
 */
export async function runCli(argv: string[], files: Record<string, string> = {}, options: { stdin?: string; listFiles?: boolean } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    readText(path) {
      const v = files[path];
      if (v !== undefined) return v;
      try {
        return readFileSync(path, 'utf8');
      } catch {
        throw new UnreadableError(`${path}: no such file`);
      }
    },
    ...(options.stdin !== undefined ? { readStdin: () => options.stdin as string } : {}),
    ...(options.listFiles ? { listFiles } : {}),
    out: (t) => (stdout += t.endsWith('\n') ? t : t + '\n'),
    err: (t) => (stderr += t.endsWith('\n') ? t : t + '\n'),
  });
  return { code, stdout, stderr };
}

/** Runs the CLI in-process on the real file system (it reads, walks and writes real files). */
export async function runRealCli(argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    readText,
    writeText,
    listFiles,
    out: (t) => (stdout += t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => (stderr += t.endsWith('\n') ? t : `${t}\n`),
  });
  return { code, stdout, stderr };
}

/**
 * Runs the CLI in-process on the real file system with files read as byte chunks of `chunk` bytes
 * and the decision stream taken as bytes (as the CLI runs: `readByteChunks`, `outBytes`); `stdout`
 * is the text output followed by the bytes, decoded.
 */
export async function runStreamedCli(argv: string[], chunk: number): Promise<CliRun> {
  const out: Uint8Array[] = [];
  let text = '';
  let stderr = '';
  const code = await main(argv, {
    readText,
    async *readByteChunks(path) {
      const bytes = readFileSync(path);
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    },
    outBytes: (b) => out.push(b.slice()),
    out: (t) => (text += t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => (stderr += t.endsWith('\n') ? t : `${t}\n`),
  });
  return { code, stdout: text + Buffer.concat(out).toString('utf8'), stderr };
}
