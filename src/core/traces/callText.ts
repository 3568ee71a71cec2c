/**
 * A tool call on one line, as a person names it: `Bash(git status)`, `Read(src/app.ts)`. The
 * argument shown is the one that says what the call does (the command, the path, the URL…), else
 * the arguments as JSON; long text is cut with an ellipsis.
 */

/** The argument keys that say what a call does, in the order they are looked for. */
const TELLING_KEYS = ['command', 'file_path', 'path', 'url', 'query', 'pattern', 'notebook_path', 'skill', 'subagent_type'] as const;

/**
 * The argument of `args` that says what the call does, on one line and at most `max` characters;
 * the arguments as JSON when none of the telling keys holds a string; `undefined` for no arguments.
 */
export function callArgumentText(args: Readonly<Record<string, unknown>> | undefined, max = 90): string | undefined {
  if (args === undefined || Object.keys(args).length === 0) return undefined;
  return oneLine(tellingArgument(args) ?? JSON.stringify(args), max);
}

/**
 * Only the telling argument (the command, the path…), on one line and at most `max` characters:
 * `undefined` when the call has none, where a slide or a chip shows the tool alone rather than JSON.
 */
export function tellingArgumentText(args: Readonly<Record<string, unknown>> | undefined, max = 90): string | undefined {
  const telling = args === undefined ? undefined : tellingArgument(args);
  return telling === undefined ? undefined : oneLine(telling, max);
}

/** `tool(command)`: the tool with its telling argument, or the tool alone. */
export function callText(tool: string, args: Readonly<Record<string, unknown>> | undefined, max = 90): string {
  const arg = tellingArgumentText(args, max);
  return arg === undefined ? tool : `${tool}(${arg})`;
}

const tellingArgument = (args: Readonly<Record<string, unknown>>): string | undefined => TELLING_KEYS.map((k) => args[k]).find((v): v is string => typeof v === 'string');

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
