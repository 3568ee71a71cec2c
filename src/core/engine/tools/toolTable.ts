/**
 * Tools and exclusive groups interned to small integers when the engine is built, with each
 * tool's rules compiled against those ids, so a step indexes arrays instead of hashing names.
 * Tool names first seen in the trace (no declared tool list) are interned on first sight; their
 * rules (wildcards only) are compiled then, once.
 */
import type { CallFailure } from './checks.ts';
import { ExitRequirementSet, effectiveExitEntries } from './exitSet.ts';
import { rustDebugName } from './messages.ts';
import type { ConditionalRule, ExitRequirement, GroupRef, PeriodicRule, RuleIndex, ToolRuleSet } from './ruleIndex.ts';

/** A RequiresPrecedingTools / RequiresFollowingTools rule with its conditions as tool ids. */
export interface CompiledOrdering {
  rule: number;
  preceding: boolean;
  conditions: readonly string[];
  conditionIds: readonly number[];
}

/** A group by id (index in {@link ToolTable.groups}), with the rule that first holds it. */
export interface CompiledGroup extends GroupRef {
  id: number;
  /**
   * In a tool's own list: its last ExclusiveGroupViolation for this group, with the batch, the
   * number of holders and the restore count it was made at. Holders only join within a batch, so
   * while those three are the same the failure is the same (made once, its text reused).
   */
  violation?: { failure: CallFailure; batch: number; holders: number; restores: number };
}

/** One tool's rules, compiled against the interned ids. */
export interface CompiledTool {
  id: number;
  name: string;
  /** Rust `{:?}` of the name, for messages. */
  debugName: string;
  /** False when the agent declares tools and this one is not among them (step 1: NotFound). */
  known: boolean;
  /** The string-keyed rule set this was compiled from (messages, the inspector). */
  rules: ToolRuleSet;
  ordering: readonly CompiledOrdering[];
  groups: readonly CompiledGroup[];
  exitLoops: readonly { rule: number; conditionIds: readonly number[] }[];
  hasMaxCalls: boolean;
  /** The smallest MaxCalls value (Infinity = none): fewer executions than this pass every MaxCalls rule. */
  maxCallsFloor: number;
  /** The largest Cooldown value (-Infinity = none): at least this long since the last execution passes every Cooldown rule. */
  cooldownCeiling: number;
  /** The tool's Deduplicated failure, made on its first duplicate call (it never changes). */
  deduplicated: CallFailure | undefined;
}

export interface CompiledExitRequirement extends ExitRequirement {
  toolId: number;
  conditionIds: readonly number[];
}

export interface CompiledPeriodic extends PeriodicRule {
  toolId: number;
}

/**
 * A group with its id, every field written in one literal: the checks and claims of every call
 * read groups of all tools at one site, which a spread's copies (each group's shape its source's,
 * `violation` added later) made megamorphic: a generic property lookup per read.
 */
function compiledGroup(g: GroupRef, id: number): CompiledGroup {
  return { key: g.key, group: g.group, rule: g.rule, id, violation: undefined };
}

/** The tool ↔ id table of one engine, with compiled per-tool rules. */
export class ToolTable {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /**
   * Compiled rules by id, filled on first use ({@link tool}); `undefined` pushed for each tool
   * interned, so the array never has holes. An array first stored into past its end turns holey,
   * so the first engine's compiled `tool` read a holey array and the next engine's array, still
   * packed and empty, made it throw that code away at its first call (`--trace-deopt`: wrong map).
   */
  private readonly tools: (CompiledTool | undefined)[] = [];
  /** Rust `{:?}` names by id, made on first use; kept without holes as {@link tools}. */
  private readonly debugNames: (string | undefined)[] = [];
  /** Every exclusive group once (by member set), in rule order; a group's id is its index here. */
  readonly groups: readonly CompiledGroup[];
  private readonly groupIds = new Map<string, number>();
  readonly startRules: readonly { tool: string; toolId: number; rule: number }[];
  readonly exitRequirements: readonly CompiledExitRequirement[];
  readonly periodic: readonly CompiledPeriodic[];
  /** The exit requirements open in the ordering scope, kept between exits (`exitSet.ts`). */
  readonly exitSet: ExitRequirementSet;

  constructor(readonly index: RuleIndex) {
    this.groups = index.allGroups().map((g, id) => compiledGroup(g, id));
    for (const g of this.groups) this.groupIds.set(g.key, g.id);
    for (const name of index.declared) this.intern(name);
    this.startRules = index.startRules.map((s) => ({ ...s, toolId: this.intern(s.tool) }));
    this.exitRequirements = index.exitRequirements.map((r) => ({
      ...r,
      toolId: this.intern(r.tool),
      conditionIds: this.internAll(r.conditions),
    }));
    this.periodic = index.periodic.map((p) => ({ ...p, toolId: this.intern(p.tool) }));
    this.exitSet = new ExitRequirementSet(effectiveExitEntries(this.exitRequirements));
  }

  /** Number of tools interned so far (ids are 0 … size − 1). */
  get size(): number {
    return this.names.length;
  }

  /** The id of a tool name, interning it on first sight (its rules are compiled when first asked for). */
  intern(name: string): number {
    const id = this.ids.get(name);
    if (id !== undefined) return id;
    const fresh = this.names.length;
    this.ids.set(name, fresh);
    this.names.push(name);
    this.tools.push(undefined);
    this.debugNames.push(undefined);
    return fresh;
  }

  /** The id of a name already interned, if any (never interns). */
  idOf(name: string): number | undefined {
    return this.ids.get(name);
  }

  /**
   * A tool's compiled rules, compiled on first use: building the engine costs O(rules + tools),
   * and a tool no call names never pays for its rules. Compiling interns the tools its rules name.
   */
  tool(id: number): CompiledTool {
    let t = this.tools[id];
    if (t === undefined) {
      t = this.compile(id, this.names[id] as string);
      this.tools[id] = t;
    }
    return t;
  }

  nameOf(id: number): string {
    return this.names[id] as string;
  }

  /** A tool's Rust `{:?}` name; one function per table, so messages of one history share it. */
  readonly debugNameOf = (id: number): string => {
    let d = this.debugNames[id];
    if (d === undefined) {
      d = rustDebugName(this.names[id] as string);
      this.debugNames[id] = d;
    }
    return d;
  };

  internAll(names: readonly string[]): number[] {
    return names.map((n) => this.intern(n));
  }

  private compile(id: number, name: string): CompiledTool {
    const rules = this.index.forTool(name);
    const { declared, declaredSet } = this.index;
    return {
      id,
      name,
      debugName: this.debugNameOf(id),
      known: declared.length === 0 || declaredSet.has(name),
      rules,
      ordering: rules.ordering.map((o) => ({
        rule: o.rule,
        preceding: o.kind === 'RequiresPrecedingTools',
        conditions: o.conditions,
        conditionIds: this.internAll(o.conditions),
      })),
      groups: rules.groups.map((g) => compiledGroup(g, this.groupIds.get(g.key) as number)),
      exitLoops: rules.exitLoops.map((e: ConditionalRule) => ({ rule: e.rule, conditionIds: this.internAll(e.conditions) })),
      hasMaxCalls: rules.maxCalls.length > 0,
      maxCallsFloor: rules.maxCalls.reduce((m, r) => (r.value < m ? r.value : m), Number.POSITIVE_INFINITY),
      cooldownCeiling: rules.cooldowns.reduce((m, r) => (r.value > m ? r.value : m), Number.NEGATIVE_INFINITY),
      deduplicated: undefined,
    };
  }
}
