/**
 * The package as a user gets it: `npm pack` gives a tarball (the `prepare` script builds the CLI
 * bundle into it), `npm i -g --prefix <tmp>` installs it with only its runtime dependencies (none:
 * the bundle holds every library), and the installed `rule-studio` runs check, convert, describe,
 * simulate, test and lsp on examples — with no TypeScript loader and no dev dependency anywhere.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialize, startClient } from './lsp/client.ts';

/**
 * The environment `npm pack` runs in, without Vitest's `NODE_ENV=test`: a build under it is React's
 * development build (Vite keeps a NODE_ENV it finds), which users never get.
 */
const packEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false' };
  delete env.NODE_ENV;
  return env;
};
const npm = (args: string[], cwd: string) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', env: packEnv() });

let work = '';
let bin = '';
let installed = '';
let examples = '';
let packed = '';

/** Newest modification time of the files under `dir`. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
  return newest;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rule-studio-pack-'));
  // A CLI bundle newer than every source (as `npm ci` leaves it: `prepare` builds it) is packed as it
  // is: `prepack` would also build the studio (a minute of CPU in CI, which the e2e build repeats),
  // and nothing here runs the studio. Otherwise `prepack` builds both first.
  const cli = 'dist-cli/rule-studio.cjs';
  const fresh = existsSync(cli) && statSync(cli).mtimeMs > newestUnder('src');
  const tarball = npm(['pack', '--pack-destination', work, ...(fresh ? ['--ignore-scripts'] : [])], process.cwd()).trim().split('\n').at(-1) as string;
  const prefix = join(work, 'prefix');
  packed = join(work, tarball);
  npm(['install', '--global', '--offline', '--prefix', prefix, packed], work);
  bin = join(prefix, 'bin', 'rule-studio');
  installed = join(prefix, 'lib', 'node_modules', 'rule-studio');
  // examples copied away from the checkout, so nothing can resolve back into it
  examples = join(work, 'examples');
  cpSync('examples', examples, { recursive: true });
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The code cache goes to a folder of the test, never to the user's ~/.cache. */
const cacheDir = () => join(work, 'cache');
const runWith = (env: NodeJS.ProcessEnv, args: string[]) => spawnSync(bin, args, { cwd: work, encoding: 'utf8', timeout: 60_000, env: { ...process.env, RULE_STUDIO_CACHE_DIR: cacheDir(), ...env } });
const run = (...args: string[]) => runWith({}, args);

describe('the packed package, installed globally into a temporary prefix', () => {
  it('installs the bundle and nothing else: no node_modules, no sources, no tsx', () => {
    expect(existsSync(bin)).toBe(true);
    expect(readdirSync(installed).sort()).toEqual(expect.arrayContaining(['bin', 'dist-cli', 'package.json', 'schemas']));
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    expect(existsSync(join(installed, 'src'))).toBe(false);
  });

  it('is publishable: not private, a bin, and no screenshots in the tarball', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { private?: boolean; bin?: Record<string, string> };
    expect(pkg.private).toBeUndefined();
    expect(pkg.bin?.['rule-studio']).toBe('bin/rule-studio.mjs');
    const list = execFileSync('tar', ['-tzf', packed], { encoding: 'utf8' }).split('\n');
    expect(list).toContain('package/docs/reference/diagnostics.md');
    expect(list.filter((f) => f.includes('screenshots'))).toEqual([]);
    expect(list.filter((f) => f.endsWith('.png'))).toEqual([]);
  });

  it('runs from any directory: --version, and check . in a folder of rule and ordinary files', () => {
    const elsewhere = join(work, 'elsewhere');
    cpSync(examples, elsewhere, { recursive: true });
    writeFileSync(join(elsewhere, '.pre-commit-config.yaml'), 'repos: []\n');
    writeFileSync(join(elsewhere, 'pyproject.toml'), '[project]\nname = "x"\n');
    const opts = { cwd: elsewhere, encoding: 'utf8' as const, timeout: 60_000, env: { ...process.env, RULE_STUDIO_CACHE_DIR: cacheDir() } };
    const v = spawnSync(bin, ['--version'], opts);
    expect(v.stdout.trim()).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
    const check = spawnSync(bin, ['check', '.', '--format', 'json'], opts);
    const out = JSON.parse(check.stdout) as { version: number; diagnostics: { code: string; file: string; severity: string }[] };
    expect(out.version).toBe(1);
    expect(out.diagnostics.filter((d) => d.code === 'F003')).toEqual([]);
    // examples/gemini-policies/ shows Gemini's classic mistakes on purpose (G003 and G007 are
    // errors), and a mixed folder checks its Gemini policy files: exit 1, from those alone.
    const errors = out.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code).sort()).toEqual(['G003', 'G007']);
    expect(errors.every((d) => d.file.includes('gemini-policies/'))).toBe(true);
    expect(check.status, check.stderr).toBe(1);
  });

  it('replays a corpus on two processes, the worker on the replay-only bundle with its code cache', () => {
    const cache = join(work, 'cache-corpus');
    const corpus = join(work, 'corpus');
    cpSync('test/traces/fixtures', corpus, { recursive: true, filter: (f) => !/\.(ya?ml|json)$/.test(f) });
    const rules = join(examples, 'etl-pipeline.toml');
    const report = (workers: string) => runWith({ RULE_STUDIO_CACHE_DIR: cache }, ['report', rules, '--corpus', corpus, '--workers', workers, '--format', 'json']);
    const one = report('1');
    expect(one.status, one.stderr).toBe(0);
    const two = report('2');
    expect(two.status, two.stderr).toBe(0);
    expect(JSON.parse(two.stdout)).toEqual(JSON.parse(one.stdout));
    expect(existsSync(join(installed, 'dist-cli', 'corpus-worker.cjs'))).toBe(true);
    expect(readdirSync(cache).filter((f) => f.startsWith('corpus-worker-') && f.endsWith('.v8cache'))).toHaveLength(1);
  });

  it('--version and --help', () => {
    const v = run('--version');
    expect(v.status).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run('simulate', '--help').stdout).toContain('--consent-default <answer>');
  });

  it('check, convert, describe, simulate and test run on the examples', () => {
    const check = run('check', join(examples, 'etl-pipeline.toml'), join(examples, 'hegel-execution.yaml'));
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).toContain('0 errors');

    const convert = run('convert', join(examples, 'etl-pipeline.toml'), '--to', 'yaml');
    expect(convert.status, convert.stderr).toBe(0);
    expect(convert.stdout).toContain('tool_name: connect_db');

    const describeRun = run('describe', join(examples, 'etl-pipeline.toml'));
    expect(describeRun.status, describeRun.stderr).toBe(0);
    expect(describeRun.stdout).toContain('connect_db');

    const simulate = run('simulate', join(examples, 'etl-pipeline.toml'), '--trace', join(examples, 'traces', 'etl-walkthrough.yaml'));
    expect(simulate.status, simulate.stderr).toBe(0);
    const kinds = simulate.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { kind: string }).kind);
    expect(kinds).toContain('blocked');
    expect(kinds).toContain('exit');

    const test = run('test', examples);
    expect(test.status, test.stdout + test.stderr).toBe(0);
  });

  it('check --format sarif and github work from the package', () => {
    const sarif = run('check', '--format', 'sarif', join(examples, 'etl-pipeline.toml'));
    expect((JSON.parse(sarif.stdout) as { version: string }).version).toBe('2.1.0');
    const github = run('check', '--format', 'github', join(examples, 'api-client.toml'), join(work, 'nope.toml'));
    expect(github.status).toBe(2);
    expect(github.stderr).toContain('nope.toml: no such file');
  });

  it('lsp: initialize (profile hegel), T001 and a hegel W006 on didOpen, shutdown and exit 0 from the installed bin', async () => {
    const client = startClient(bin, ['lsp', '--stdio'], work, { ...process.env, RULE_STUDIO_CACHE_DIR: cacheDir() });
    try {
      const { capabilities } = await initialize(client, pathToFileURL(work).href, { profile: 'hegel' });
      expect(capabilities).toMatchObject({ hoverProvider: true });
      const uri = pathToFileURL(join(work, 'cycle.toml')).href;
      const text = readFileSync('test/cli/lsp/data/cycle.toml', 'utf8');
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'toml', version: 1, text } });
      const p: PublishDiagnosticsParams = await client.diagnostics(uri, (x) => x.diagnostics.length > 0);
      expect(p.diagnostics.map((d) => d.code)).toContain('T001');
      // check --profile hegel: a zero timeout is a warning (an error under spec).
      const wf = pathToFileURL(join(work, 'w.yaml')).href;
      const wfText = 'start_node: a\nnodes:\n  a:\n    prompt: p\n    rules:\n      - type: phase_timeout\n        max_duration: 0\n    transitions:\n      - when: x\n        to: done\n';
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: wf, languageId: 'yaml', version: 1, text: wfText } });
      const w = await client.diagnostics(wf, (x) => x.diagnostics.length > 0);
      expect(w.diagnostics.find((d) => d.code === 'W006')?.severity).toBe(2);
      expect(await client.close()).toBe(0);
    } finally {
      if (client.child.exitCode === null) client.child.kill();
    }
  }, 30_000);

  it('ships an all-ASCII bundle (Node and V8 read it as one-byte text)', () => {
    const bytes = readFileSync(join(installed, 'dist-cli', 'rule-studio.cjs'));
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(bytes.findIndex((b) => b > 0x7f)).toBe(-1);
    // The escaped characters still come out as themselves.
    expect(run('check', '--help').stdout).toContain('<files|folders|globs|-…>');
  });

  it('compiles the bundle with a code cache it writes on the first run and survives a broken one', () => {
    rmSync(cacheDir(), { recursive: true, force: true });
    const agent = join(examples, 'api-client.toml');
    const first = run('check', '--json', agent);
    expect(first.status, first.stderr).toBe(0);
    const files = readdirSync(cacheDir());
    expect(files).toHaveLength(1);
    const cache = join(cacheDir(), files[0] as string);
    expect(readFileSync(cache).length).toBeGreaterThan(10_000);
    const second = run('check', '--json', agent);
    expect({ status: second.status, stdout: second.stdout, stderr: second.stderr }).toEqual({ status: first.status, stdout: first.stdout, stderr: first.stderr });

    // A cache V8 cannot use is rejected and written again; the run is the same.
    writeFileSync(cache, 'not a code cache');
    const third = run('check', '--json', agent);
    expect(third.stdout).toBe(first.stdout);
    expect(readFileSync(cache, 'utf8')).not.toBe('not a code cache');

    // Turned off: nothing written, same output.
    rmSync(cacheDir(), { recursive: true, force: true });
    const off = runWith({ RULE_STUDIO_CACHE_DIR: 'off' }, ['check', '--json', agent]);
    expect(off.stdout).toBe(first.stdout);
    expect(existsSync(cacheDir())).toBe(false);
  });
});
