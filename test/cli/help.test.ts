/** Help, version and usage errors, all derived from the command registry. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.ts';
import { main } from '../../src/cli/main.ts';
import { defineCommand } from '../../src/cli/registry.ts';
import { runCli } from './harness.ts';

describe('help', () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))('%s --help lists every option with its default and an example', async (name, def) => {
    const r = await runCli([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`usage: rule-studio ${name} `);
    for (const o of def.options) {
      const at = r.stdout.indexOf(`--${o.name}`);
      expect(at, `--${o.name} in ${name} --help`).toBeGreaterThanOrEqual(0);
      const block = r.stdout.slice(at, r.stdout.indexOf('example:', at) + 200);
      expect(block).toContain(o.description);
      expect(block).toMatch(/default: \S/);
      expect(block).toContain(`example: ${o.example}`);
      if (o.kind === 'value' && o.choices) expect(block).toContain(o.choices.join('|'));
    }
    expect(r.stdout).toContain('examples:');
    expect(r.stdout).toMatch(/exit codes: 0 /);
    // `-h` and `help <command>` print the same page
    expect((await runCli([name, '-h'])).stdout).toBe(r.stdout);
    expect((await runCli(['help', name])).stdout).toBe(r.stdout);
  });

  it('simulate --help shows every replay setting with the default the engine uses', async () => {
    const r = await runCli(['simulate', '--help']);
    expect(r.stdout).toMatch(/--dedupe-window <ms>[\s\S]*?default: 300000/);
    expect(r.stdout).toMatch(/--timeout <ms>[\s\S]*?default: 120000/);
    expect(r.stdout).toMatch(/--consent-default <answer>[\s\S]*?default: approve_once/);
    expect(r.stdout).toMatch(/--trace <trace files…>[\s\S]*?default: \(required\)/);
  });

  it('the overview lists every command with its usage line', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`\\n  ${c.name} +${c.summary.replace(/[()]/g, '\\$&')}`));
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage: rule-studio <command>');
  });

  it('--version prints the package version', async () => {
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    let out = '';
    const code = await main(['--version'], { readText: () => '', out: (t) => (out += t), err: () => {}, version });
    expect(code).toBe(0);
    expect(out).toBe(version);
  });
});

describe('usage errors', () => {
  it('an unknown option names the nearest one', async () => {
    const r = await runCli(['check', 'a.toml', '--fromat', 'json'], { 'a.toml': '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option --fromat (did you mean --format?)');
    expect((await runCli(['simulate', 'a.toml', '--trace', 't.jsonl', '--dedupe', '5'])).stderr).toContain('did you mean --dedupe-window?');
    expect((await runCli(['simulate', 'a.toml', '--trace', 't.jsonl', '--orderingscope', 'x'])).stderr).toContain('did you mean --ordering-scope?');
    expect((await runCli(['check', 'a.toml', '--zzzzzzzz'])).stderr).not.toContain('did you mean');
  });

  it('an unknown command names the nearest one', async () => {
    const r = await runCli(['chekc', 'a.toml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'chekc' (did you mean check?)");
  });

  it('a value outside the choices lists them and suggests the nearest', async () => {
    const r = await runCli(['check', 'a.toml', '--profile', 'hegle'], { 'a.toml': '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("rule-studio check: --profile must be one of spec, hegel, pattern, letta, claude (got 'hegle'; did you mean hegel?)\n");
  });

  it.each([
    ['--dedupe-window', '99999999999999999999999', 'takes at most 2147483647 milliseconds'],
    ['--timeout', '-5', 'takes a whole number of milliseconds'],
    ['--timeout', '1.5', 'takes a whole number of milliseconds'],
    ['--consent-default', 'approve_for:1e999', 'must be approve_once, approve_scope, deny, timeout or approve_for:N'],
    ['--consent-default', `approve_for:${'9'.repeat(400)}`, 'must be approve_once'],
    ['--consent-default', 'approve_for:99999999', 'approve_for takes at most 2147483 seconds'],
  ])('simulate %s %.30s: a friendly message, no schema dump', async (flag, value, message) => {
    const r = await runCli(['simulate', 'a.toml', '--trace', 't.jsonl', flag, value], { 'a.toml': '', 't.jsonl': '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${flag} ${message}`);
    expect(r.stderr).not.toMatch(/"code"|"path"|expected|internal error/);
    expect(r.stderr.length).toBeLessThan(300);
  });

  it('missing positionals and required options say what is needed', async () => {
    expect((await runCli(['check'])).stderr).toContain('check takes at least one file');
    expect((await runCli(['convert', 'a.toml'])).stderr).toContain('convert needs --to, e.g. --to toml');
    expect((await runCli(['convert', 'a.toml', 'b.toml', '--to', 'toml'])).stderr).toContain('convert takes exactly one file (got 2)');
    expect((await runCli(['simulate', 'a.toml'])).stderr).toContain('simulate needs --trace');
    expect((await runCli(['simulate', '--trace', 't.jsonl'])).stderr).toContain('simulate takes at least one rule file');
    expect((await runCli(['check', 'a.toml', '--format'])).stderr).toContain('--format needs a value, e.g. --format sarif');
    expect((await runCli(['check', 'a.toml', '--json=yes'])).stderr).toContain('--json takes no value');
  });

  it('`--` ends the options, so a file may start with dashes', async () => {
    const r = await runCli(['check', '--', '--odd.toml'], { '--odd.toml': '[[tool_rules]\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^--odd\.toml:1:\d+ error F001 /);
  });
});

describe('the registry', () => {
  it('a new command is parsed, validated and documented from its definition alone', async () => {
    const seen: string[] = [];
    const extra = defineCommand({
      name: 'echo',
      summary: 'prints its arguments',
      positionals: { name: '<words…>', noun: 'word', description: 'words to print', min: 1 },
      options: [
        { kind: 'value', name: 'times', placeholder: '<n>', default: '1', description: 'how often', example: '--times 2', check: (v) => (/^\d$/.test(v) ? undefined : 'takes one digit') },
      ],
      examples: ['rule-studio echo hi --times 2'],
      run(args, ctx) {
        for (let i = 0; i < Number(args.value('times') ?? '1'); i++) seen.push(args.positionals.join(' '));
        ctx.out('ok');
        return 0;
      },
    });
    const io = { readText: () => '', out: () => {}, err: (t: string) => seen.push(t) };
    expect(await main(['echo', 'a', 'b', '--times', '2'], io, [...COMMANDS, extra])).toBe(0);
    expect(seen).toEqual(['a b', 'a b']);
    expect(await main(['echo', 'a', '--times', 'x'], io, [...COMMANDS, extra])).toBe(2);
    expect(seen.at(-1)).toBe("rule-studio echo: --times takes one digit (got 'x')");
    let help = '';
    await main(['echo', '--help'], { ...io, out: (t) => (help += t) }, [...COMMANDS, extra]);
    expect(help).toMatch(/--times <n> +how often\n +default: 1\n +example: --times 2/);
  });
});
