/**
 * The live view of a session followed by `rule-studio follow --studio`: the decisions the server
 * streams (Server-Sent Events at `./__rule-studio/live`), where the view stands in them, and the
 * breakpoints. The view follows the newest decision (LIVE) until the user scrubs back or a
 * breakpoint stops it (PAUSED); decisions keep arriving meanwhile, and "Jump to live" goes back to
 * the newest. Breakpoints stop only this view: the agent and the stream never wait for the page.
 *
 * The browser's EventSource reconnects by itself and sends the id of the last event it had, so the
 * server resumes exactly; a decision already held is never added twice (guarded here as well).
 */
import { createStore } from 'zustand/vanilla';
import type { Decision, DecisionKind } from '../../core/engine/decisions.ts';
import { ruleSetHash, type RuleSetFile } from '../../core/ruleSetHash.ts';
import { isViolation } from '../../core/simulator/violations.ts';

/** Where the stream lives, relative to the page (the server's `API_PREFIX`). */
export const LIVE_URL = './__rule-studio/live';

export interface LiveEntry {
  /** The session (it starts over on truncation or rotation) and the file offset of the line that decided. */
  session: number;
  offset: number;
  decision: Decision;
}

export type LiveConnection = 'connecting' | 'open' | 'down';

/**
 * A breakpoint: every decision of a kind, or every decision a tool rule made (its index); in lines
 * mode (the Policy view decides the session), every call of a policy decision (`forbidden`, `deny`,
 * `none`, …) or every call a rule at `file:line:col` matched.
 */
export type LiveBreakpoint = { kind: DecisionKind } | { rule: number } | { decision: string } | { at: string };

/** What the shown Policy view offers to break on in lines mode: its decisions and its rules. */
export interface PolicyBreakTargets {
  decisions: readonly { key: string; label: string }[];
  rules: readonly { at: string; label: string }[];
}

export interface LiveState {
  /** The page was opened by `follow --studio`. */
  active: boolean;
  connection: LiveConnection;
  /** The rule files the session is judged by, and their hash. */
  ruleset?: { hash: string; files: RuleSetFile[] };
  /**
   * The server streams the session's lines, not decisions (Codex, Gemini CLI): the page keeps the
   * session as a trace named `name` and its Policy view decides it (`liveTrace.ts`).
   */
  lines?: { name: string };
  session: number;
  entries: LiveEntry[];
  /** The view follows the newest decision. */
  following: boolean;
  /** The index in `entries` the view shows (the newest while following). */
  position: number;
  /** Why the view stopped at a breakpoint. */
  pausedBy?: string;
  breakpoints: LiveBreakpoint[];
  /** Bumped for each new decision shown live (the canvas restarts its pulse). */
  pulse: number;
  /** Something the server said (a new session, an unreadable log). */
  note?: string;
  /** Lines mode: the breakpoint targets of the Policy view shown. */
  policyTargets?: PolicyBreakTargets;
  /** Lines mode: complete lines of the session held while the view is paused. */
  waiting: number;
}

export const initialLiveState = (): LiveState => ({ active: false, connection: 'connecting', session: 0, entries: [], following: true, position: -1, breakpoints: [], pulse: 0, waiting: 0 });

export const liveStore = createStore<LiveState>(initialLiveState);

export const sameBreakpoint = (a: LiveBreakpoint, b: LiveBreakpoint): boolean =>
  'kind' in a ? 'kind' in b && a.kind === b.kind : 'rule' in a ? 'rule' in b && a.rule === b.rule : 'decision' in a ? 'decision' in b && a.decision === b.decision : 'at' in b && a.at === b.at;

/** The breakpoint a decision stops at, if any. */
export function breakpointHit(d: Decision, breakpoints: readonly LiveBreakpoint[]): LiveBreakpoint | undefined {
  return breakpoints.find((b) => ('kind' in b ? d.kind === b.kind : 'rule' in b && 'tool' in d && 'rule' in d && d.rule === b.rule));
}

/**
 * The breakpoint a call the Policy view decided stops at, if any: one of the decisions it counts
 * under (`none` when no rule decided it), or one of the rules (`file:line:col`) that matched it.
 */
export function policyBreakpointHit(call: { decisions: readonly string[]; at: readonly string[] }, breakpoints: readonly LiveBreakpoint[]): LiveBreakpoint | undefined {
  return breakpoints.find((b) => ('decision' in b ? call.decisions.includes(b.decision) : 'at' in b && call.at.includes(b.at)));
}

export const breakpointText = (b: LiveBreakpoint): string =>
  'kind' in b ? `a ${b.kind.replace('_', ' ')} decision` : 'rule' in b ? `rule #${b.rule + 1}` : 'decision' in b ? `a call decided ${b.decision.replace('_', ' ')}` : `a call of the rule at ${b.at}`;

/** What a batch of decisions does to the state: appended, and the view moved, paused or left. */
export function receive(s: LiveState, session: number, offset: number, decisions: readonly Decision[]): Partial<LiveState> {
  if (session < s.session) return {};
  // a later session (the file started over before this page connected): its decisions alone
  const held = session > s.session ? [] : s.entries;
  const last = held.at(-1);
  // the server resumes after the last id; a repeated line is dropped, never shown twice
  if (last !== undefined && offset <= last.offset) return {};
  const entries = held.concat(decisions.map((decision) => ({ session, offset, decision })));
  if (session > s.session) return { session, entries, following: true, position: entries.length - 1, pausedBy: undefined, pulse: s.pulse + 1 };
  if (!s.following) return { entries };
  for (let i = held.length; i < entries.length; i++) {
    const hit = breakpointHit((entries[i] as LiveEntry).decision, s.breakpoints);
    if (hit) return { entries, following: false, position: i, pausedBy: `Paused at ${breakpointText(hit)}` };
  }
  return { entries, position: entries.length - 1, pulse: s.pulse + 1 };
}

export interface LiveActions {
  /** Shows decision `index` (the view leaves live mode unless it is the newest). */
  scrubTo(index: number): void;
  jumpToLive(): void;
  toggleBreakpoint(b: LiveBreakpoint): void;
  /** Stops the view where it is (lines mode: new lines are held until "Jump to live"). */
  pause(): void;
}

export const liveActions: LiveActions = {
  scrubTo(index) {
    const s = liveStore.getState();
    if (s.entries.length === 0) return;
    const i = Math.max(0, Math.min(s.entries.length - 1, index));
    liveStore.setState({ position: i, following: false, pausedBy: undefined });
  },
  jumpToLive() {
    const s = liveStore.getState();
    liveStore.setState({ following: true, position: s.entries.length - 1, pausedBy: undefined, pulse: s.pulse + 1 });
  },
  toggleBreakpoint(b) {
    const s = liveStore.getState();
    const on = s.breakpoints.some((x) => sameBreakpoint(x, b));
    liveStore.setState({ breakpoints: on ? s.breakpoints.filter((x) => !sameBreakpoint(x, b)) : [...s.breakpoints, b] });
  },
  pause() {
    liveStore.setState({ following: false, pausedBy: undefined });
  },
};

/** The status the pill shows. */
export function liveStatus(s: Pick<LiveState, 'connection' | 'following'>): 'LIVE' | 'PAUSED' | 'DISCONNECTED' {
  if (s.connection !== 'open') return 'DISCONNECTED';
  return s.following ? 'LIVE' : 'PAUSED';
}

/** Whether the open project's rule files are the session's: false when one differs or is missing. */
export function sameRules(ruleset: LiveState['ruleset'], open: readonly RuleSetFile[]): boolean {
  if (!ruleset) return true;
  const names = new Set(ruleset.files.map((f) => f.name));
  const mine = open.filter((f) => names.has(f.name));
  return mine.length === names.size && ruleSetHash(mine) === ruleset.hash;
}

/** The decision "Save as test" pins: the one shown when scrubbed back, else the newest violation, else the newest. */
export function testTarget(s: Pick<LiveState, 'entries' | 'following' | 'position'>): LiveEntry | undefined {
  if (!s.following) return s.entries[s.position];
  for (let i = s.entries.length - 1; i >= 0; i--) if (isViolation((s.entries[i] as LiveEntry).decision)) return s.entries[i];
  return s.entries.at(-1);
}

interface Hooks {
  /** An interrupt arrived (shown as a notification). */
  interrupt(text: string): void;
  note(text: string): void;
  /** Lines mode: new complete lines of the session (`offset` just past them), or a new session (`text` undefined). */
  lines?(session: number, offset: number, name: string, text: string | undefined): void;
}

/** Connects to the stream (the page was served by `follow --studio`); returns a function that disconnects. */
export function connectLive(hooks: Hooks, Source: typeof EventSource = EventSource): () => void {
  liveStore.setState({ ...initialLiveState(), active: true });
  const source = new Source(LIVE_URL, { withCredentials: true });
  /** Decisions of one burst are added at once (a reconnect replays many). */
  let queue: { session: number; offset: number; decisions: Decision[] }[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    const interrupts: string[] = [];
    for (const b of batch) {
      const before = liveStore.getState().entries.length;
      liveStore.setState((s) => receive(s, b.session, b.offset, b.decisions));
      for (const e of liveStore.getState().entries.slice(before)) if (e.decision.kind === 'interrupt') interrupts.push(`Interrupt at ${e.decision.node}: ${e.decision.text}`);
    }
    const newest = interrupts.at(-1);
    if (newest !== undefined) hooks.interrupt(interrupts.length > 1 ? `${newest} (and ${interrupts.length - 1} more)` : newest);
  };
  source.addEventListener('open', () => liveStore.setState({ connection: 'open' }));
  // the browser retries by itself (the server asks for 1 s); until it is back the view says so
  source.addEventListener('error', () => liveStore.setState({ connection: 'down' }));
  source.addEventListener('ruleset', (e) => {
    const data = JSON.parse((e as MessageEvent<string>).data) as { hash: string; files: RuleSetFile[]; lines?: boolean; name?: string };
    liveStore.setState({ ruleset: { hash: data.hash, files: data.files }, connection: 'open', ...(data.lines ? { lines: { name: data.name ?? 'session.jsonl' } } : {}) });
  });
  source.addEventListener('lines', (e) => {
    const data = JSON.parse((e as MessageEvent<string>).data) as { session: number; offset: number; name: string; text: string };
    hooks.lines?.(data.session, data.offset, data.name, data.text);
  });
  source.addEventListener('decisions', (e) => {
    queue.push(JSON.parse((e as MessageEvent<string>).data) as { session: number; offset: number; decisions: Decision[] });
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
  });
  source.addEventListener('reset', (e) => {
    flush();
    const data = JSON.parse((e as MessageEvent<string>).data) as { session: number; why: string; name?: string };
    liveStore.setState({ session: data.session, entries: [], following: true, position: -1, pausedBy: undefined, waiting: 0, note: data.why, ...(data.name !== undefined && liveStore.getState().lines ? { lines: { name: data.name } } : {}) });
    if (data.name !== undefined) hooks.lines?.(data.session, 0, data.name, undefined);
    hooks.note(`The followed session started over: ${data.why}.`);
  });
  source.addEventListener('note', (e) => {
    const data = JSON.parse((e as MessageEvent<string>).data) as { text: string };
    liveStore.setState({ note: data.text });
    hooks.note(data.text);
  });
  return () => {
    source.close();
    liveStore.setState({ connection: 'down' });
  };
}
