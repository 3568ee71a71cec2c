/**
 * One step of a scripted trace (`traces.md` §2) → one canonical event (without its time) plus the
 * clock moves around it. A step has exactly one action key and the modifiers that action takes.
 *
 * `tokens` and `repeat` are action keys on their own (`tokens: {input, output}` is a `tokens`
 * event, `repeat: true` a `repeat` event) and modifiers next to `call` (`tokens` also next to
 * `end`): the tokens the call/answer carried, and the number of identical calls.
 */
import { parseDuration } from './scriptedDuration.ts';
import { describeJsonType, isJsonObject } from './lineItems.ts';
import { closestName } from '../text/closestName.ts';

/** Action keys and the modifiers each one takes. */
export const STEP_MODIFIERS = {
  call: ['after', 'args', 'outcome', 'output', 'consent', 'duration', 'duration_ms', 'tokens', 'id', 'repeat', 'every'],
  bash: ['after', 'tool'],
  edit: ['after', 'tool'],
  tokens: ['after'],
  next: ['after', 'force', 'to'],
  continue: ['after'],
  repeat: ['after'],
  heartbeat: ['after'],
  batch: ['after'],
  end: ['after', 'tokens'],
  workflow_start: ['after'],
  commit: ['after', 'message'],
} as const satisfies Record<string, readonly string[]>;

export type StepAction = keyof typeof STEP_MODIFIERS;
const ACTIONS = Object.keys(STEP_MODIFIERS) as StepAction[];
const isAction = (key: string): key is StepAction => (ACTIONS as string[]).includes(key);
const modifiersOf = (action: StepAction): readonly string[] => STEP_MODIFIERS[action];

/** The most identical calls one step may expand to. */
export const MAX_REPEAT = 100_000;

export interface CompiledStep {
  /** Clock advance before the (first) event, ms. */
  after: number;
  /** How many identical events (calls only; 1 otherwise). */
  count: number;
  /** Clock advance between two of them, ms. */
  every: number;
  /** The canonical event, `time` still missing. */
  event: Record<string, unknown>;
}

export type StepResult = { ok: true; step: CompiledStep } | { ok: false; problem: string };

const fail = (problem: string): StepResult => ({ ok: false, problem });
const quoteKeys = (keys: readonly string[]) => keys.map((k) => `'${k}'`).join(' and ');

/** The step's action key, or the problem (none, or two of them). */
function findAction(keys: readonly string[]): StepAction | string {
  const present = keys.filter(isAction);
  if (present.length === 0) {
    // a misspelt action (`cal: load`) is named with what it most likely meant
    for (const key of keys) {
      const meant = closestName(key, ACTIONS);
      if (meant !== undefined) return `unknown key '${key}' (did you mean '${meant}'?): a step needs one action key, one of ${ACTIONS.join(', ')}`;
    }
    return `no action key (expected one of ${ACTIONS.join(', ')})`;
  }
  const primary = present.filter((a) => !present.some((b) => b !== a && modifiersOf(b).includes(a)));
  if (primary.length === 1) return primary[0] as StepAction;
  return `two action keys ${quoteKeys(primary.length > 1 ? primary : present)}: a step does one thing`;
}

/** `true` or an empty value: the flag actions (`continue: true`). */
const isFlag = (value: unknown) => value === true || value === null;

/** The event of an action and its value, or the problem. */
function actionEvent(action: StepAction, value: unknown, raw: (key: string) => string | undefined): Record<string, unknown> | string {
  switch (action) {
    case 'call':
      return typeof value === 'string' && value !== '' ? { type: 'tool_call', tool: value } : `'call' needs a tool name`;
    case 'bash':
      return typeof value === 'string' ? { type: 'command', command: value } : `'bash' needs a command`;
    case 'edit':
      return typeof value === 'string' ? { type: 'file_edit', path: value } : `'edit' needs a file path`;
    case 'tokens':
      return isJsonObject(value) ? { ...value, type: 'tokens' } : `'tokens' expects { input, output }, got ${describeJsonType(value)}`;
    case 'next':
      if (value === null) return { type: 'next', claims: [] };
      if (typeof value === 'string') return { type: 'next', claims: [value] };
      return Array.isArray(value) ? { type: 'next', claims: value } : `'next' expects a list of claims`;
    case 'workflow_start':
      if (isFlag(value)) return { type: 'workflow_start' };
      return typeof value === 'string' ? { type: 'workflow_start', node: value } : `'workflow_start' expects true or a node name`;
    case 'commit': {
      const hash = typeof value === 'number' ? raw('commit') : value;
      return typeof hash === 'string' && hash !== '' ? { type: 'commit', hash } : `'commit' needs a commit hash`;
    }
    default: {
      const type = { continue: 'continue', repeat: 'repeat', heartbeat: 'process_start', batch: 'batch_start', end: 'model_end' }[action];
      return isFlag(value) ? { type } : `'${action}' expects true`;
    }
  }
}

/**
 * Compiles one step from its key/value pairs (in file order; `raw` gives a scalar's source text,
 * so a numeric-looking commit hash keeps its digits).
 */
export function compileStep(pairs: readonly [string, unknown][], raw: (key: string) => string | undefined): StepResult {
  const keys = pairs.map(([k]) => k);
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup !== undefined) return fail(`key '${dup}' appears twice`);
  const action = findAction(keys);
  if (!isAction(action)) return fail(action);
  const allowed = modifiersOf(action);
  for (const key of keys) {
    if (key === action || allowed.includes(key)) continue;
    const known = ACTIONS.some((a) => modifiersOf(a).includes(key));
    return fail(known ? `key '${key}' does not apply to a '${action}' step` : `unknown key '${key}' (a '${action}' step takes ${allowed.join(', ')})`);
  }
  const value = new Map(pairs);
  const event = actionEvent(action, value.get(action), raw);
  if (typeof event === 'string') return fail(event);
  for (const key of allowed) {
    if (!value.has(key) || ['after', 'repeat', 'every', 'duration'].includes(key)) continue;
    event[key] = value.get(key);
  }
  let after = 0;
  if (value.has('after')) {
    const d = parseDuration(value.get('after'));
    if (!d.ok) return fail(`after: ${d.problem}`);
    after = d.ms;
  }
  if (value.has('duration')) {
    if (value.has('duration_ms')) return fail(`use either 'duration' or 'duration_ms', not both`);
    const d = parseDuration(value.get('duration'));
    if (!d.ok) return fail(`duration: ${d.problem}`);
    event.duration_ms = d.ms;
  }
  let count = 1;
  if (action === 'call' && value.has('repeat')) {
    const n = value.get('repeat');
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_REPEAT) {
      return fail(`repeat: expected a whole number from 1 to ${MAX_REPEAT}, got ${JSON.stringify(n)}`);
    }
    count = n;
  }
  let every = 0;
  if (value.has('every')) {
    if (!value.has('repeat')) return fail(`'every' needs 'repeat' (the number of calls)`);
    const d = parseDuration(value.get('every'));
    if (!d.ok) return fail(`every: ${d.problem}`);
    every = d.ms;
  }
  return { ok: true, step: { after, count, every, event } };
}
