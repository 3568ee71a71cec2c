/**
 * The objects an engine makes once and its every call reads (`CheckContext`, `CheckPass`), made
 * by constructors rather than object literals. V8 builds an object literal's boilerplate the
 * second time the literal runs, and the boilerplate's placeholder values widen the literal's
 * field types from "an object of this map" to "anything": the compiled checks of the first
 * replay in a process, which relied on those field types, were thrown away when the second replay
 * was built (ten functions, `--trace-deopt`: "code dependencies"). A constructor's stores keep
 * the field types of the first instance.
 */
import type { ConsentUsed } from '../decisions.ts';
import type { ReplaySettings } from '../settings.ts';
import type { CheckContext, CheckPass } from './checks.ts';
import type { ToolPolicy } from './policy.ts';
import type { ToolState } from './state.ts';
import type { ToolTable } from './toolTable.ts';

class Pass implements CheckPass {
  consent: ConsentUsed | undefined = undefined;
  grantUntil = Number.NaN;
}

class Context implements CheckContext {
  readonly pass: CheckPass = new Pass();
  constructor(
    readonly table: ToolTable,
    readonly state: ToolState,
    readonly settings: ReplaySettings,
    readonly policy: ToolPolicy,
  ) {}
}

/** The check context of one engine, its pass reset (no consent used, no grant). */
export function checkContext(table: ToolTable, state: ToolState, settings: ReplaySettings, policy: ToolPolicy): CheckContext {
  return new Context(table, state, settings, policy);
}
