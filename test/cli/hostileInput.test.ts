/**
 * The hostile-input table (issue 16.7): each row is an input, the command line, the exit code and
 * a message fragment expected, and the time and memory the CLI may use. Rows run the bundled CLI
 * in a child process, as a user's shell would, with the bounds enforced as limits rather than
 * measured: the child is killed past its time bound, and its V8 heap is capped at the memory
 * bound (going past it crashes the child, which fails the row's exit code). Add a row for every
 * new finding.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

interface Row {
  name: string;
  argv: (p: Paths) => string[];
  exit: number;
  /** Must appear in stderr (or stdout when `onStdout`). */
  message: string;
  onStdout?: boolean;
  /** A file stdout goes to (`> /dev/full`) instead of a pipe. */
  stdoutTo?: string;
  seconds: number;
  heapMb: number;
}

interface Paths {
  dir: string;
  fifo: string;
  agent: string;
  bomb: string;
  /** An agent whose rule metadata nests 100,000 levels deep. */
  deep: string;
  /** A JSON agent with `tool_rules` twice. */
  dupes: string;
  /** The agent as UTF-16 big endian with its byte-order mark. */
  utf16: string;
  /** A canonical trace whose second event has the offset +24:00. */
  offset24: string;
  /** Issue 29 inputs, by file name (see `writeIssue29Inputs`). */
  f: Record<string, string>;
}

const ESC = '\u001b';

const ROWS: Row[] = [
  { name: 'check /dev/zero', argv: () => ['check', '/dev/zero'], exit: 2, message: '/dev/zero: is a character device, not a regular file', seconds: 5, heapMb: 64 },
  { name: 'simulate --trace /dev/zero', argv: (p) => ['simulate', p.agent, '--trace', '/dev/zero'], exit: 2, message: 'is a character device', seconds: 5, heapMb: 64 },
  { name: 'check a FIFO with no writer', argv: (p) => ['check', p.fifo], exit: 2, message: 'is a FIFO (named pipe), not a regular file', seconds: 5, heapMb: 64 },
  { name: 'simulate --trace a FIFO with no writer', argv: (p) => ['simulate', p.agent, '--trace', p.fifo], exit: 2, message: 'is a FIFO', seconds: 5, heapMb: 64 },
  { name: 'simulate with a FIFO as rule file', argv: (p) => ['simulate', p.fifo, '--trace', p.agent], exit: 2, message: 'is a FIFO', seconds: 5, heapMb: 64 },
  { name: 'convert a FIFO', argv: (p) => ['convert', p.fifo, '--to', 'toml'], exit: 2, message: 'is a FIFO', seconds: 5, heapMb: 64 },
  { name: 'describe /dev/urandom', argv: () => ['describe', '/dev/urandom'], exit: 2, message: 'is a character device', seconds: 5, heapMb: 64 },
  { name: 'describe a directory (check walks one)', argv: (p) => ['describe', p.dir], exit: 2, message: 'is a directory', seconds: 5, heapMb: 64 },
  { name: 'check a missing file', argv: (p) => ['check', join(p.dir, 'nope.toml')], exit: 2, message: 'no such file', seconds: 5, heapMb: 64 },
  {
    name: '1,000 steps × repeat 100,000 scripted trace: a budget error, no expansion',
    argv: (p) => ['simulate', p.agent, '--trace', p.bomb],
    exit: 2,
    message: 'past the budget of 1,000,000',
    onStdout: true,
    seconds: 20,
    heapMb: 300,
  },
  {
    name: 'a huge numeric option value',
    argv: (p) => ['simulate', p.agent, '--trace', p.bomb, '--dedupe-window', '9'.repeat(400)],
    exit: 2,
    message: '--dedupe-window takes at most 2147483647 milliseconds',
    seconds: 5,
    heapMb: 64,
  },
  { name: 'an unknown command with an escape sequence', argv: () => [`${ESC}]0;pwned\u0007`], exit: 2, message: "unknown command '\\e]0;pwned\\u0007'", seconds: 5, heapMb: 64 },
  { name: 'an unknown option with an escape sequence', argv: (p) => ['check', p.agent, `--${ESC}[31m`], exit: 2, message: 'unknown option --\\e[31m', seconds: 5, heapMb: 64 },
  { name: 'convert 100,000-deep metadata: refused when read, no stack overflow', argv: (p) => ['convert', p.deep, '--to', 'toml'], exit: 1, message: 'F001 File nests data more than 128 levels deep', seconds: 30, heapMb: 128 },
  { name: 'check 100,000-deep metadata', argv: (p) => ['check', p.deep], exit: 1, message: 'F001 File nests data more than 128 levels deep', onStdout: true, seconds: 30, heapMb: 128 },
  { name: 'check a JSON agent with a duplicate key', argv: (p) => ['check', p.dupes], exit: 1, message: 'dupes.json:1:43 error F001 JSON syntax error: Object keys must be unique: `tool_rules`', onStdout: true, seconds: 5, heapMb: 64 },
  { name: 'check a UTF-16 BE file with its BOM: read, not "binary"', argv: (p) => ['check', p.utf16], exit: 0, message: '0 errors', seconds: 5, heapMb: 64 },
  { name: 'simulate a trace with a +24:00 offset', argv: (p) => ['simulate', p.agent, '--trace', p.offset24], exit: 0, message: "has an offset out of range (hours 00–23, minutes 00–59)", onStdout: true, seconds: 5, heapMb: 64 },
  // Issue 29: crashes and unbounded time or memory.
  {
    name: 'a TOML table header of 40,000 dotted parts: refused at its header, not a V8 abort',
    argv: (p) => ['check', p.f['header.toml'] ?? ''],
    exit: 1,
    message: 'header.toml:1:1 error F001 File nests data more than 128 levels deep',
    onStdout: true,
    seconds: 10,
    heapMb: 256,
  },
  {
    name: 'a workflow with 130,000 unknown keys: every warning, no stack overflow',
    argv: (p) => ['check', p.f['unknown-keys.yaml'] ?? ''],
    exit: 0,
    message: 'unknown-keys.yaml:130005:1 warning F004 Unknown key `x129999` on the workflow',
    onStdout: true,
    seconds: 90,
    heapMb: 1024,
  },
  ...(['check', 'convert --to json', 'convert --to yaml', 'convert --to toml'] as const).map(
    (command): Row => ({
      name: `${command}: 999 YAML aliases to one 200,000-item list, refused at the alias past the value budget`,
      argv: (p) => [...command.split(' ').slice(0, 1), p.f['fan-out.yaml'] ?? '', ...command.split(' ').slice(1)],
      exit: 1,
      message: 'fan-out.yaml:33:12 error F001 File expands to more than 5,242,880 values',
      onStdout: command === 'check',
      seconds: 60,
      heapMb: 1024,
    }),
  ),
  {
    // Scaled down from the issue's 20 × 1M (which runs minutes): kept, 10 × 200,000 events need
    // ≈ 540 MB, past the heap cap; held one at a time, well under it.
    name: 'test: 10 tests of 200,000 scripted events each, one run held at a time',
    argv: (p) => ['test', p.f['long.test.yaml'] ?? ''],
    exit: 0,
    message: '10 tests in 1 file: 10 passed',
    onStdout: true,
    seconds: 240,
    heapMb: 320,
  },
  {
    // Was 36–60 s: the deadline was polled every 16 states, and one state of 10,000 tools has
    // 10,000 moves; reading, checking and building the model now count too.
    name: 'verify 10,000 tools --max-seconds 2: stops within about twice the limit and says what it proved',
    argv: (p) => ['verify', p.f['tools10k.toml'] ?? '', '--max-seconds', '2'],
    exit: 0,
    message: 'the search stopped at the time limit (--max-seconds 2); what it proved by then is below',
    seconds: 5,
    heapMb: 512,
  },
  {
    // Was > 2 minutes on one 300 KB command (the Pike VM steps 100,000 threads a character);
    // scaled to 100 KB commands, which the Pike VM would take ~1,000 s over. Matched bit-parallel.
    name: 'a workflow rule [a-z]{100000}[0-9] (a 232-byte file) on 100 KB commands: within seconds, and it fires',
    argv: (p) => ['simulate', p.f['regex-100k.yaml'] ?? '', '--trace', p.f['regex-100k.jsonl'] ?? '', '--evaluate-on', 'every_event'],
    exit: 0,
    message: '"event":2,"time":"2025-01-01T00:00:02.000Z","kind":"interrupt","node":"code","ruleType":"repeated_command","rule":0',
    onStdout: true,
    seconds: 15,
    heapMb: 256,
  },
  {
    // Was 74 s for {5000} on 50 × 1 MB commands; scaled to 6 distinct 200 KB commands (the
    // Pike VM: ~600 s).
    name: 'a workflow rule [a-z]{5000}[0-9] on 6 distinct 200 KB commands: within seconds, and it fires',
    argv: (p) => ['simulate', p.f['regex-5k.yaml'] ?? '', '--trace', p.f['regex-5k.jsonl'] ?? '', '--evaluate-on', 'every_event'],
    exit: 0,
    message: '"event":6,"time":"2025-01-01T00:00:06.000Z","kind":"interrupt","node":"code","ruleType":"repeated_command","rule":0',
    onStdout: true,
    seconds: 15,
    heapMb: 256,
  },
  {
    name: 'a workflow rule [a-z]{400000}[0-9]: past Rust regex\'s 10 MiB size limit, refused with W005 at the pattern',
    argv: (p) => ['check', p.f['regex-400k.yaml'] ?? ''],
    exit: 1,
    message: 'regex-400k.yaml:7:20 error W005 pattern `[a-z]{400000}[0-9]` of rule #1 (repeated_command) of node `code` is rejected by Rust\'s regex at offset 0 (column 1): Compiled regex exceeds size limit of 10485760 bytes.',
    onStdout: true,
    seconds: 10,
    heapMb: 128,
  },
  // Issue 29: wrong places.
  {
    name: 'simulate a scripted trace with YAML errors on lines 5 and 7: said where the parser stops (6, 8), not at line 1',
    argv: (p) => ['simulate', p.agent, '--trace', p.f['broken.yaml'] ?? ''],
    exit: 1,
    message: '"line":6,"message":"line 6: YAML syntax error: Flow map in block collection must be sufficiently indented and end with a }"',
    onStdout: true,
    seconds: 10,
    heapMb: 128,
  },
  {
    name: 'test a file with an undefined alias at 4:12: said there, not at 1:1',
    argv: (p) => ['test', p.f['alias.test.yaml'] ?? ''],
    exit: 1,
    message: 'line 4: Unresolved alias (the anchor must be set before the alias): nope (column 12)',
    onStdout: true,
    seconds: 10,
    heapMb: 128,
  },
  {
    name: 'check a TOML file with a Latin-1 byte in a name: refused at the byte, as Pattern does',
    argv: (p) => ['check', p.f['latin1.toml'] ?? ''],
    exit: 1,
    message: 'latin1.toml:1:12 error F001 File is not UTF-8: the byte 0xE9 here is not UTF-8 text',
    onStdout: true,
    seconds: 10,
    heapMb: 64,
  },
  {
    name: 'describe a rule file over the 10 MB cap: refused, exit 1 (was 0)',
    argv: (p) => ['describe', p.f['huge.toml'] ?? ''],
    exit: 1,
    message: 'huge.toml:1:1 error F001 File is too large to be a rule file',
    seconds: 20,
    heapMb: 256,
  },
  {
    name: 'simulate a trace of 100,000 bad lines: every line an error decision, exit 1 (was 0)',
    argv: (p) => ['simulate', p.agent, '--trace', p.f['bad-lines.jsonl'] ?? ''],
    exit: 1,
    message: 'no line of the trace was usable (100,000 unusable lines',
    seconds: 120,
    heapMb: 512,
  },
  {
    name: 'simulate a trace of binary lines: exit 1 (was 0)',
    argv: (p) => ['simulate', p.agent, '--trace', p.f['binary.jsonl'] ?? ''],
    exit: 1,
    message: 'no line of the trace was usable',
    seconds: 20,
    heapMb: 128,
  },
  {
    name: 'check with stdout on /dev/full: said in words, exit 2, no raw ENOSPC',
    argv: (p) => ['check', p.f['unknown-few.yaml'] ?? ''],
    stdoutTo: '/dev/full',
    exit: 2,
    message: 'rule-studio check: the output could not be written: no space left on the device',
    seconds: 10,
    heapMb: 128,
  },
  {
    name: 'verify --traces into a missing folder: said in words, exit 2, no raw ENOENT',
    argv: (p) => ['verify', p.f['finding.toml'] ?? '', '--traces', join(p.dir, 'missing', 'folder')],
    exit: 2,
    message: 'cannot be written (its folder does not exist)',
    seconds: 20,
    heapMb: 256,
  },
  {
    name: 'simulate a transcript whose first line is 30 MB: read as a transcript, not refused as canonical JSONL',
    argv: (p) => ['simulate', p.agent, '--trace', p.f['transcript.jsonl'] ?? ''],
    exit: 0,
    message: '"kind":"allowed","tool":"t0"',
    onStdout: true,
    seconds: 60,
    heapMb: 512,
  },
  {
    name: 'simulate a hooks.jsonl with a 50 MB line: said too long, not "neither a hegel hook event …"',
    argv: (p) => ['simulate', p.agent, '--trace', p.f['hooks.jsonl'] ?? ''],
    exit: 1,
    message: '"line":1,"message":"line 1: line is longer than 33,554,432 characters, so it was not read"',
    onStdout: true,
    seconds: 60,
    heapMb: 512,
  },
];

/** A workflow whose one rule is `repeated_command` with `pattern`, fired by two matching commands. */
const regexWorkflow = (pattern: string) =>
  `mode: discovery\nstart_node: code\nnodes:\n  code:\n    rules:\n      - repeated_command:\n          pattern: "${pattern}"\n          threshold: 2\n          window: 120\n    transitions:\n      - when: code_complete\n        to: done\n`;
/** `n` lowercase letters from `from` on, in alphabet order. */
const letters = (n: number, from = 0) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i + from) % 26))).join('');
/** A canonical trace: the workflow starts, then one `command` event a second. */
const commandTrace = (commands: string[]) =>
  [{ type: 'workflow_start', time: '2025-01-01T00:00:00Z' }, ...commands.map((command, i) => ({ type: 'command', time: `2025-01-01T00:00:${String(i + 1).padStart(2, '0')}Z`, command }))]
    .map((e) => JSON.stringify(e))
    .join('\n');

/** Writes the inputs of issue 29's rows into `dir`; returns their paths by file name. */
function writeIssue29Inputs(dir: string): Record<string, string> {
  const files: Record<string, string | Buffer> = {
    'regex-100k.yaml': regexWorkflow('[a-z]{100000}[0-9]'),
    // 100,000 letters and a digit twice: the second fires.
    'regex-100k.jsonl': commandTrace([`${letters(100_000)}5`, `x${letters(100_000)}7`]),
    'regex-5k.yaml': regexWorkflow('[a-z]{5000}[0-9]'),
    'regex-5k.jsonl': commandTrace(Array.from({ length: 6 }, (_, i) => `${letters(200_000, i)}${i >= 4 ? '9' : ''}`)),
    'regex-400k.yaml': regexWorkflow('[a-z]{400000}[0-9]'),
    'header.toml': `[${Array.from({ length: 40_000 }, () => 'a').join('.')}]\nx = 1\n`,
    'fan-out.yaml': `name: a\ntools: [t]\ntool_rules:\n  - tool_name: t\n    rule_type: ExitLoop\n    metadata:\n      big: &big [${Array.from({ length: 200_000 }, () => '1').join(', ')}]\n${Array.from({ length: 998 }, (_, i) => `      a${i}: *big\n`).join('')}`,
    'long.test.yaml': `rules: agent.toml\ntests:\n${Array.from({ length: 10 }, (_, i) => `  - name: test ${i + 1}\n    trace:\n      start: 2025-01-01T00:00:00Z\n      steps:\n${Array.from({ length: 10 }, (_, k) => `        - {call: t${k % 2}, repeat: 20000, every: 1ms}\n`).join('')}`).join('')}`,
    'broken.yaml': 'start: 2025-01-01T00:00:00Z\nsteps:\n  - call: t0\n  - call: t0\n  - call: {t1\n  - call: t0\n  - call: "t0\n',
    'alias.test.yaml': 'rules: agent.toml\ntests:\n  - name: x\n    trace: *nope\n',
    'latin1.toml': Buffer.from('name = "caf\xe9"\ntools = ["t0"]\n', 'latin1'),
    'huge.toml': `# ${'a'.repeat(11 * 1024 * 1024)}\n`,
    'bad-lines.jsonl': 'x\n'.repeat(100_000),
    'binary.jsonl': Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i % 64 === 63 ? 10 : (i * 7919) % 256))),
    'unknown-few.yaml': 'mode: discovery\nstart_node: a\nnodes:\n  a:\n    transitions: []\nx: 1\n',
    'finding.toml': 'name = "a"\ntools = ["t0", "t1"]\n\n[[tool_rules]]\ntool_name = "t1"\nrule_type = { type = "MaxCalls", value = 3 }\n\n[[tool_rules]]\ntool_name = "t1"\nrule_type = "ExitLoop"\n',
    'transcript.jsonl': `${JSON.stringify({ type: 'assistant', sessionId: 's', uuid: 'u', timestamp: '2025-01-01T00:00:00Z', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'a1', name: 't0', input: { content: 'x'.repeat(30 * 1024 * 1024) } }] } })}\n`,
    'hooks.jsonl': `${JSON.stringify({ session_id: 's', hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { content: 'x'.repeat(50 * 1024 * 1024) }, timestamp: '2025-01-01T00:00:00Z' })}\n`,
    'tools10k.toml': `name = "big"\ntools = [${Array.from({ length: 10_000 }, (_, i) => `"t${i}"`).join(', ')}]\n`,
    'unknown-keys.yaml': `mode: discovery\nstart_node: a\nnodes:\n  a:\n    transitions: []\n${Array.from({ length: 130_000 }, (_, i) => `x${i}: 1\n`).join('')}`,
  };
  const out: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) {
    out[name] = join(dir, name);
    writeFileSync(out[name], data);
  }
  return out;
}

let cli = '';
let paths: Paths;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-hostile-'));
  const out = join(dir, 'cli');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.cli.config.ts', '--outDir', out], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building the CLI failed: ${build.stderr}`);
  cli = join(out, 'rule-studio.cjs');
  const fifo = join(dir, 'pipe.toml');
  if (spawnSync('mkfifo', [fifo]).status !== 0) throw new Error('mkfifo failed');
  const agent = join(dir, 'agent.toml');
  writeFileSync(agent, 'name = "a"\ntools = ["t0", "t1"]\n\n[[tool_rules]]\ntool_name = "t1"\nrule_type = { type = "MaxCalls", value = 3 }\n');
  const bomb = join(dir, 'bomb.yaml');
  writeFileSync(bomb, `start: 2025-01-01T00:00:00Z\nsteps:\n${Array.from({ length: 1000 }, (_, i) => `  - {call: t${i}, repeat: 100000, every: 1ms}\n`).join('')}`);
  mkdirSync(join(dir, 'folder'));
  const deep = join(dir, 'deep.json');
  writeFileSync(deep, `{"name":"a","tools":["x"],"tool_rules":[{"tool_name":"x","rule_type":"ExitLoop","metadata":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]}`);
  const dupes = join(dir, 'dupes.json');
  writeFileSync(dupes, '{"name":"a","tools":["x"],"tool_rules":[],"tool_rules":[]}');
  const utf16 = join(dir, 'agent16.toml');
  writeFileSync(utf16, Buffer.from(`\ufeff${'name = "a"\ntools = ["t0"]\n'}`, 'utf16le').swap16());
  const offset24 = join(dir, 'offset.jsonl');
  writeFileSync(offset24, '{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"t0"}\n{"type":"tool_call","time":"2025-01-01T10:00:00+24:00","tool":"t0"}\n');
  paths = { dir: join(dir, 'folder'), fifo, agent, bomb, deep, dupes, utf16, offset24, f: writeIssue29Inputs(dir) };
}, 180_000);

describe('hostile inputs: exit code, message, within time and memory', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', { timeout: Math.max(...ROWS.map((r) => r.seconds)) * 1000 + 30_000 }, (_name, row) => {
    const stdoutFd = row.stdoutTo === undefined ? undefined : openSync(row.stdoutTo, 'w');
    const r = spawnSync(process.execPath, [`--max-old-space-size=${row.heapMb}`, cli, ...row.argv(paths)], {
      encoding: 'utf8',
      ...(stdoutFd === undefined ? {} : { stdio: ['ignore', stdoutFd, 'pipe'] }),
      timeout: row.seconds * 1000,
      killSignal: 'SIGKILL',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (stdoutFd !== undefined) closeSync(stdoutFd);
    expect(r.signal, `killed: did not finish within ${row.seconds} s`).toBeNull();
    expect({ exit: r.status, stderr: r.stderr.slice(0, 500) }).toMatchObject({ exit: row.exit });
    expect(row.onStdout ? r.stdout : r.stderr).toContain(row.message);
    expect((r.stdout ?? '') + r.stderr).not.toMatch(/\bE[A-Z]{3,}\b: |internal error/);
    expect((r.stdout ?? '') + r.stderr).not.toMatch(/\n\s+at [\w.<]+ \(|internal error|Aborted|heap out of memory/);
  });
});
