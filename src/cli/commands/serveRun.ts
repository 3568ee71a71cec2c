/** `serve`'s run: finds the built studio and the files, starts the server, opens the browser. */
import { existsSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { basename, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, type CliContext } from '../context.ts';
import { UnreadableError } from '../io.ts';
import { termSafe } from '../escape.ts';
import type { ParsedArgs } from '../registry.ts';
import { startStudioServer, type ServedFile } from '../serve/studioServer.ts';

/** What a folder contributes: rule files and traces. */
const OPENED = new Set(['.toml', '.yaml', '.yml', '.json', '.jsonl', '.af']);
/** At most this much text is opened at once (the studio holds it all in the page). */
export const MAX_SERVED_BYTES = 64 * 1024 * 1024;
export const MAX_SERVED_FILES = 500;

/**
 * The built studio beside the CLI: `dist/` one level up from the bundle (`dist-cli/`), two from the
 * sources (`src/cli/commands/` runs through tsx, three). `RULE_STUDIO_APP_DIR` overrides it.
 */
export function findAppDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = env['RULE_STUDIO_APP_DIR'] ? [env['RULE_STUDIO_APP_DIR']] : ['../dist', '../../dist', '../../../dist'].map((up) => fileURLToPath(new URL(`${up}/`, import.meta.url)));
  return candidates.map((c) => resolve(c)).find((dir) => existsSync(resolve(dir, 'index.html')));
}

/** The files to open: each file as given, each folder's rule files and traces by their path inside it. */
export function servedFiles(paths: readonly string[], ctx: CliContext): ServedFile[] {
  const files: ServedFile[] = [];
  for (const p of paths) {
    const listed = ctx.listFiles ? ctx.listFiles(p) : [p];
    const isFolder = listed.length !== 1 || listed[0] !== p;
    for (const f of listed) {
      if (isFolder && !OPENED.has(extname(f).toLowerCase())) continue;
      files.push({ path: resolve(f), name: isFolder ? relative(p, f) || basename(f) : basename(f) });
    }
  }
  // Two files of one name (given from two folders) keep the paths they were given by.
  const seen = new Map<string, number>();
  for (const f of files) seen.set(f.name, (seen.get(f.name) ?? 0) + 1);
  for (const f of files) if ((seen.get(f.name) ?? 0) > 1) f.name = relative(process.cwd(), f.path) || f.name;
  if (files.length > MAX_SERVED_FILES) throw new UnreadableError(`${files.length} files to open; the studio opens at most ${MAX_SERVED_FILES} at once`);
  let total = 0;
  for (const f of files) {
    ctx.readText(f.path); // unreadable or not text: refused now, with its name, not in the page
    total += statSync(f.path).size;
  }
  if (total > MAX_SERVED_BYTES) throw new UnreadableError(`the files hold ${(total / 1048576).toFixed(1)} MB; the studio opens at most ${MAX_SERVED_BYTES / 1048576} MB at once`);
  return files;
}

/** Opens `url` in the system's browser; a failure only means the user opens it by hand. */
export function openBrowser(url: string): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no browser to open: the address is printed
  }
}

export async function runServe(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const files = servedFiles(args.positionals, ctx);
  const appDir = findAppDir();
  if (!appDir) {
    ctx.err('rule-studio serve: the built studio is missing (no dist/index.html beside the CLI). In a clone, run `npm run build` first.');
    return EXIT.unreadable;
  }
  const port = args.value('port');
  let server;
  try {
    server = await startStudioServer({ appDir, files, writeBack: args.flag('write-back'), port: port === undefined ? 0 : Number(port) });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    ctx.err(`rule-studio serve: cannot listen on 127.0.0.1${port ? `:${port}` : ''} (${code === 'EADDRINUSE' ? 'the port is in use' : (code ?? String(e))})`);
    return EXIT.unreadable;
  }
  const opened = files.length === 0 ? 'an empty project' : files.map((f) => termSafe(f.name)).join(', ');
  ctx.out(`Rule Studio on ${server.url}`);
  ctx.err(`Opening ${opened}. ${args.flag('write-back') ? 'Edits are written to the files as they are made.' : 'Edits are written to the files only when you Save.'} Ctrl+C stops.`);
  if (!args.flag('no-open')) openBrowser(server.url);
  await new Promise<void>((done) => {
    const stop = () => done();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return EXIT.ok;
}
