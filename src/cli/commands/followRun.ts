/** `follow`'s run: tails the session log (or a folder's newest log) and prints decisions live. */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadRuleFile } from '../../core/codecs/load.ts';
import { serializeDecision, type Decision } from '../../core/engine/decisions.ts';
import { prepareSimulation } from '../../core/simulate.ts';
import { explainDecision } from '../../core/simulator/explain.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import type { ParsedArgs } from '../registry.ts';
import { createFollower, type Follower } from '../follow/follower.ts';
import { createLiveChannel, type LiveChannel } from '../follow/liveStream.ts';
import { createLinesChannel } from '../follow/linesStream.ts';
import { startStudioServer, type StudioServer } from '../serve/studioServer.ts';
import { findAppDir, openBrowser, servedFiles } from './serveRun.ts';
import { createTail, type Tail } from '../follow/tail.ts';
import { createPermissionFollower, type PermissionRecord } from '../follow/permissionFollower.ts';
import { permissionDialectOf } from './permissionDialect.ts';
import { permissionPolicyOf } from './followPolicy.ts';
import { settingsFromArgs } from './simulateOptions.ts';
import type { Agent } from '../../core/model/index.ts';
import type { Workflow } from '../../core/model/workflow.ts';

/** How often the log (and a folder, for a newer log) is looked at. */
const POLL_MS = 100;
const FOLDER_POLL_MS = 1000;

/**
 * The newest `.jsonl` file directly in `folder` (by modification time), if any. `dated`: a folder
 * without one is looked into by its greatest all-digit subfolder, three levels deep at most (Codex's
 * `sessions/YYYY/MM/DD/`), so only the newest day is listed, not every day's folder.
 */
export function newestLog(folder: string, { dated = false } = {}, depth = 0): string | undefined {
  let best: { path: string; mtime: number } | undefined;
  let newestDate: string | undefined;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (dated && depth < 3 && /^\d{1,8}$/.test(name) && (newestDate === undefined || Number(name) > Number(newestDate)) && isFolder(path)) newestDate = name;
    if (!name.endsWith('.jsonl')) continue;
    try {
      const st = statSync(path);
      if (st.isFile() && (!best || st.mtimeMs > best.mtime)) best = { path, mtime: st.mtimeMs };
    } catch {
      // gone meanwhile
    }
  }
  if (best || newestDate === undefined) return best?.path;
  return newestLog(join(folder, newestDate), { dated }, depth + 1);
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** One readable line per decision: its time of day, kind and tool, and why. */
export function decisionLine(d: Decision, agent?: Agent, workflow?: Workflow): string {
  const time = d.time.slice(11, 23) || '—';
  const what = 'tool' in d ? d.tool : d.kind === 'transition' ? `${d.from} → ${d.to}` : d.kind === 'interrupt' ? d.node : '';
  const why = d.kind === 'allowed' || d.kind === 'auto' ? '' : `  ${explainDecision(d, { ...(agent ? { agent } : {}), ...(workflow ? { workflow } : {}) }).summary}`;
  return termSafe(`${time}  ${d.kind.padEnd(13)} ${what}${why}`);
}

export async function runFollow(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const [session, ...ruleFiles] = args.positionals as [string, ...string[]];
  const note = (text: string) => ctx.err(`rule-studio follow: ${termSafe(text)}`);
  const jsonl = args.value('format') === 'jsonl';
  const dialect = permissionDialectOf(ctx, ruleFiles);
  const folder = isFolder(session) ? session : undefined;
  // Codex keeps its rollouts in YYYY/MM/DD folders: a sessions folder is followed down its newest dates.
  const newest = (f: string) => newestLog(f, { dated: dialect?.kind === 'codex' });
  let current = folder ? newest(folder) : session;
  let follower: LiveChannel | Follower;
  let studio: StudioServer | undefined;
  if (dialect) {
    const policy = permissionPolicyOf(args, ctx, dialect);
    if (policy === undefined) return EXIT.errors;
    const print = (rs: readonly PermissionRecord[]) => ctx.out(rs.map((r) => (jsonl ? jsonTermSafe(JSON.stringify(r.json)) : r.text)).join('\n'));
    follower = createPermissionFollower(current ?? session, policy, { records: print, note });
    if (args.flag('studio')) {
      // the page decides the session's lines in its Policy view (the same core); see linesStream.ts.
      // The files as the policy read them: a Gemini policies folder is its .toml files.
      const live = createLinesChannel({ source: current ?? session, ruleFiles: dialect.files.map((f) => ({ name: basename(f.path), text: f.text })), inner: follower });
      follower = live;
      studio = await startStudio(args, ctx, ruleFiles, live);
      if (!studio) return EXIT.unreadable;
    }
  } else {
    const settings = settingsFromArgs(args);
    const files = ruleFiles.map((p) => loadRuleFile(p, ctx.readText(p)));
    const prepared = prepareSimulation(files, { ...(settings.agent !== undefined ? { agentName: settings.agent } : {}), profile: settings.profile, errorOnEmpty: settings.errorOnEmpty === true, errorsOnly: true });
    for (const d of prepared.diagnostics.filter((x) => x.severity === 'error')) ctx.err(formatDiagnostic(d));
    if (!prepared.agent && !prepared.workflow) {
      ctx.err('rule-studio follow: the rule files hold no agent and no workflow to judge the session by');
      return EXIT.errors;
    }
    const config = { ...(prepared.agent ? { agent: prepared.agent } : {}), ...(prepared.workflow ? { workflow: prepared.workflow } : {}), settings };
    const print = (ds: readonly Decision[]) => {
      const lines = ds.map((d) => (jsonl ? jsonTermSafe(serializeDecision(d)) : decisionLine(d, prepared.agent, prepared.workflow)));
      ctx.out(lines.join('\n'));
    };
    if (args.flag('studio')) {
      const live = createLiveChannel({ source: current ?? session, config, ruleFiles: ruleFiles.map((p) => ({ name: basename(p), text: ctx.readText(p) })), onDecisions: print, onNote: note });
      follower = live;
      studio = await startStudio(args, ctx, ruleFiles, live);
      if (!studio) return EXIT.unreadable;
    } else follower = createFollower(session, config, { decisions: print, note });
  }

  const listen = (path: string) => ({
    bytes: (chunk: Uint8Array) => follower.bytes(chunk, tail?.offset),
    reset: (why: 'appeared' | 'truncated' | 'rotated') =>
      follower.restart(why === 'appeared' ? `${path} appeared: following it` : why === 'truncated' ? `${path} was truncated: a new session, replayed from its start` : `${path} was replaced: a new session, replayed from its start`),
  });
  let tail: Tail | undefined;
  const fromEnd = args.flag('from-end');
  if (current) {
    tail = createTail(current, listen(current), { fromEnd });
    tail.start(POLL_MS);
  }
  ctx.err(`rule-studio follow: ${current ? `following ${termSafe(current)}` : `waiting for a .jsonl session log in ${termSafe(session)}`}${current && !isFile(current) ? ' (it does not exist yet)' : ''}. Ctrl+C stops.`);
  // A folder: a newer session log (Claude Code starts a file per session) takes over.
  const watcher = folder
    ? setInterval(() => {
        const next = newest(folder);
        if (!next || next === current) return;
        tail?.stop();
        current = next;
        follower.restart(`following the newer session log ${next}`, next);
        tail = createTail(next, listen(next));
        tail.start(POLL_MS);
      }, FOLDER_POLL_MS)
    : undefined;

  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  if (watcher) clearInterval(watcher);
  tail?.stop();
  await studio?.close();
  return EXIT.ok;
}

/** `--studio`: the studio server on the rule files, with the live stream; undefined (said why) when it cannot start. */
async function startStudio(args: ParsedArgs, ctx: CliContext, ruleFiles: readonly string[], live: LiveChannel): Promise<StudioServer | undefined> {
  const appDir = findAppDir();
  if (!appDir) {
    ctx.err('rule-studio follow: the built studio is missing (no dist/index.html beside the CLI). In a clone, run `npm run build` first.');
    return undefined;
  }
  const port = args.value('port');
  try {
    const server = await startStudioServer({ appDir, files: servedFiles(ruleFiles, ctx), writeBack: false, live, port: port === undefined ? 0 : Number(port) });
    // stderr: stdout is the decision stream (`--format jsonl | jq` must see decisions only)
    ctx.err(`Rule Studio on ${server.url}`);
    if (!args.flag('no-open')) openBrowser(server.url);
    return server;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    ctx.err(`rule-studio follow: cannot listen on 127.0.0.1${port ? `:${port}` : ''} (${code === 'EADDRINUSE' ? 'the port is in use' : (code ?? String(e))})`);
    return undefined;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
