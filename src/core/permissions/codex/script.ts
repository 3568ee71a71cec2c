/**
 * Scripted command traces for Codex decisions: one command per line, either a shell-like line
 * (split as `shlex` splits it) or a JSON object with `argv` (or `command`) as a list of strings.
 * Blank lines and lines starting with `#` are skipped.
 */
import { shlexSplit } from './shlex.ts';
import type { CheckOptions } from './policy.ts';
import { shellScriptCommands, type CodexExecCall } from './rollout.ts';

/**
 * How a session's calls are decided (a rollout log's or a script's), in the Policy view and in a
 * test that replays a trace file alike: an absolute program path falls back to its basename's
 * rules, as `--resolve-host-executables` does.
 */
export const SESSION_CHECK: CheckOptions = { resolveHostExecutables: true };

/**
 * A script's command as an exec call, so it is decided as a session's call is: a `bash -lc` (or
 * `-c`, `zsh`, `sh`) script of plain commands joined by `&&`, `||`, `;` or `|` is checked command
 * by command, as Codex's session does before it checks its rules (review17 s9: `bash -lc "npm
 * test && curl x"` was one unmatched command while a session log splits it).
 */
export function scriptExecCall(c: ScriptCommand): CodexExecCall {
  return { line: c.line, tool: 'script', argv: c.argv, commands: shellScriptCommands(c.argv) ?? [c.argv], recorded: 'unknown' };
}

/** One command of a script, with its 1-based line. */
export interface ScriptCommand {
  line: number;
  argv: string[];
}

/** A line that is not a command, with why. */
export interface ScriptError {
  line: number;
  message: string;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');

/** Reads a script into commands and errors (each error names its line). */
export function readCodexScript(text: string): { commands: ScriptCommand[]; errors: ScriptError[] } {
  const commands: ScriptCommand[] = [];
  const errors: ScriptError[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const t = raw.trim();
    if (t === '' || t.startsWith('#')) return;
    if (t.startsWith('{')) {
      let v: unknown;
      try {
        v = JSON.parse(t);
      } catch {
        errors.push({ line, message: 'not JSON' });
        return;
      }
      const o = v as { argv?: unknown; command?: unknown };
      const argv = o.argv ?? o.command;
      if (isStrings(argv)) commands.push({ line, argv });
      else errors.push({ line, message: '`argv` (or `command`) must be a non-empty list of strings' });
      return;
    }
    const argv = shlexSplit(t);
    if (argv === null) errors.push({ line, message: 'invalid shell syntax (an unterminated quote or a trailing `\\`)' });
    else commands.push({ line, argv });
  });
  return { commands, errors };
}
