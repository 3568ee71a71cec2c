/**
 * The exit requirements still open in the ordering scope, kept between exits instead of rescanned
 * (`tool-rules.md` §5): the requirements whose tool has not been called yet. Each exit drops the
 * requirements whose tool was called since the last one, so a scope pays each requirement once
 * plus, per exit, the requirements still open (what it reports, and conditional ones waiting).
 */
import { allCalled } from './flow.ts';
import type { ToolState } from './state.ts';

/** An exit requirement as the engine checks it (tool and condition ids). */
export interface ExitEntry {
  toolId: number;
  conditional: boolean;
  conditionIds: readonly number[];
}

/**
 * The requirements that can ever change the pending list: a requirement behind an earlier
 * RequiredBeforeExit of the same tool never does (that one lists the tool first whenever the tool
 * is uncalled), so it is dropped. Rule order is kept.
 */
export function effectiveExitEntries<E extends ExitEntry>(entries: readonly E[]): E[] {
  const unconditional = new Set<number>();
  const out: E[] = [];
  for (const e of entries) {
    if (unconditional.has(e.toolId)) continue;
    if (!e.conditional) unconditional.add(e.toolId);
    out.push(e);
  }
  return out;
}

export class ExitRequirementSet {
  /** Indices into `entries` of the requirements whose tool is uncalled, in rule order; first `open` valid. */
  private readonly live: Int32Array;
  private open = 0;
  /** The state, scope and restore the list belongs to; any change rebuilds it. */
  private state: ToolState | undefined;
  private epoch = -1;
  private restores = -1;
  /** Per tool id, the `mark` of the last `pending` call that listed it. */
  private readonly listed: Uint32Array;
  private mark = 0;

  constructor(private readonly entries: readonly ExitEntry[]) {
    this.live = new Int32Array(entries.length);
    let tools = 0;
    for (const e of entries) tools = Math.max(tools, e.toolId + 1);
    this.listed = new Uint32Array(tools);
  }

  /** Pending tools (rule order, once each): uncalled, and for RequiredBeforeExitIf every condition called. */
  pending(state: ToolState): number[] {
    if (this.entries.length === 0) return [];
    if (state !== this.state || state.orderingEpoch !== this.epoch || state.restores !== this.restores) {
      this.state = state;
      this.epoch = state.orderingEpoch;
      this.restores = state.restores;
      for (let k = 0; k < this.entries.length; k++) this.live[k] = k;
      this.open = this.entries.length;
    }
    const out: number[] = [];
    const mark = ++this.mark;
    let kept = 0;
    for (let k = 0; k < this.open; k++) {
      const index = this.live[k] as number;
      const e = this.entries[index] as ExitEntry;
      if (state.isCalled(e.toolId)) continue;
      this.live[kept++] = index;
      if (this.listed[e.toolId] === mark) continue;
      if (!e.conditional || allCalled(state, e.conditionIds)) {
        this.listed[e.toolId] = mark;
        out.push(e.toolId);
      }
    }
    this.open = kept;
    return out;
  }
}
