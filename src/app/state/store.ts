/**
 * The studio's state: a vanilla zustand store (usable outside React: persistence, tests) holding
 * the project (its rule documents), the selection, undo history and notices. Every edit — from
 * the graph, the inspector or the Source pane — goes through an action here, so undo/redo and
 * autosave see them all.
 */
import { createStore } from 'zustand/vanilla';
import type { Agent } from '../../core/model/toolRules.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import type { Range } from '../../core/diagnostics/types.ts';
import { toolNamesOf } from '../../core/graph/agentEdits.ts';
import { carryLayout } from '../layout/carry.ts';
import { emptyHistory, record, redo, undo, type History } from './history.ts';
import {
  diagnosticsOf,
  docsFromFile,
  ignoredRules,
  newDocId,
  readDocText,
  readsOffThread,
  textOfAgent,
  textOfWorkflow,
  withAgent,
  withWorkflow,
  modelOfDoc,
  type AgentDoc,
  type PendingText,
  type RuleDoc,
  type WorkflowDoc,
  type XY,
} from './documents.ts';
import { afterCodecs } from './codecs.ts';
import { own } from '../../core/model/ownKeys.ts';

/** What is selected on the canvas or in the inspector. */
export type Selection =
  | { kind: 'none' }
  | { kind: 'tool'; tool: string }
  | { kind: 'rule'; index: number }
  | { kind: 'phase'; node: string }
  | { kind: 'transition'; node: string; index: number }
  | { kind: 'phaseRule'; node: string; index: number }
  /** Two or more nodes of the open graph (tools of an agent, phases of a workflow), in the order picked. */
  | { kind: 'nodes'; nodes: readonly string[] };

/** A trace saved with the project: a recorded log or a scripted scenario, as text. */
export interface TraceDoc {
  id: string;
  /** File name; its extension and content decide the format (`.jsonl`, `.yaml`, `.json`). */
  name: string;
  text: string;
  /** The lead-in a walk-through or a teaching link gave it: the presenter shows it before the first step. */
  note?: string;
}

/** The persisted part of the studio: what undo restores and autosave writes. */
export interface ProjectData {
  id: string;
  name: string;
  docs: RuleDoc[];
  activeDocId?: string;
  /** Traces of the project (the simulator replays them); absent in older saves. */
  traces?: TraceDoc[];
  /** Rule-set test files of the project (`docs/rule-tests.md`); absent when there are none. */
  tests?: TestDoc[];
}

/** A rule-set test file saved with the project: its name (`etl.test.yaml`) and YAML text. */
export interface TestDoc {
  id: string;
  name: string;
  text: string;
}

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

export interface EditOptions {
  /** Edits with the same key within a second make one undo step (typing, dragging). */
  key?: string;
  /**
   * The next edit with the same key joins this one's undo step however late it comes, if nothing
   * else was edited in between: a node added, then the name typed for it, is one undo step.
   */
  holds?: boolean;
}

export interface StudioState {
  project: ProjectData;
  selection: Selection;
  /** A request to show a text range in the Source pane (nonce changes on every request). */
  reveal?: { docId: string; range: Range; nonce: number };
  history: History<ProjectData>;
  notices: Notice[];

  newProject(name?: string): void;
  /** Replaces the whole project (opened from storage, a bundle or a share link): history resets. */
  loadProject(data: ProjectData): void;
  /**
   * The project as it is now is where undo stops: a project just opened (an example, a teaching
   * link) is not taken apart again by undoing the steps that opened it.
   */
  settleHistory(): void;
  renameProject(name: string): void;
  /** Adds the agents / workflow of a file; returns how many documents were added (0 = nothing changed). */
  importFile(fileName: string, text: string): number;
  /**
   * Adds documents (one undo step) and shows the first. `imported`: they come from the user's files,
   * so an untitled, empty project takes the first file's name (review17 s5: it stayed "Untitled project").
   */
  addDocs(docs: RuleDoc[], imported?: boolean): void;
  addAgent(name?: string): string;
  addWorkflow(name?: string): string;
  removeDoc(id: string): void;
  setActiveDoc(id: string): void;
  /** A graph or Inspector edit of an agent; false when it was refused (the text does not read, or reads with a rule ignored) and nothing changed. */
  editAgent(docId: string, edit: (agent: Agent) => Agent, opts?: EditOptions): boolean;
  /** As {@link editAgent}, for a workflow. */
  editWorkflow(docId: string, edit: (wf: Workflow) => Workflow, opts?: EditOptions): boolean;
  /** The Source pane's text; the model follows only when the text reads cleanly (for a big text, once the worker has read it: {@link adoptReading}). */
  setText(docId: string, text: string): void;
  /**
   * A reading of `text` made off the main thread: when the document still holds that text, its
   * model becomes `model` (absent: the text does not read cleanly, the model stays). The new
   * document object is handed to `prime` before anyone sees it (to record its diagnostics and
   * graph). No undo step: undo goes back past the text edit it belongs to.
   */
  adoptReading(docId: string, text: string, model: Agent | Workflow | undefined, prime: (doc: RuleDoc) => void): void;
  /**
   * The text written off the main thread for an edited agent or workflow (`pending` is the
   * document's {@link AgentDoc.pendingText}, `model` its model): every document holding that
   * pending text for that model — the current one and those in the undo history — gets `text`.
   * No undo step: the text belongs to the edit that asked for it.
   */
  settleText(pending: PendingText, model: Agent | Workflow, text: string): void;
  setPositions(docId: string, positions: Record<string, XY>, opts?: EditOptions): void;
  /**
   * Automatic placement (auto layout on import, nodes that appeared from the text): sets only the
   * positions a node does not have yet, with no undo step — placing is not an edit.
   */
  placeNodes(docId: string, positions: Record<string, XY>): void;
  /** Adds a trace (with `note`, the lead-in the presenter shows before its first step); returns its id. */
  addTrace(name: string, text: string, note?: string): string;
  setTraceText(id: string, text: string): void;
  /**
   * Writes a trace fed from outside the user's hands (a session `follow --studio` streams): trace
   * `id` (absent or unknown: a new one) gets `name` and `text`, with no undo step, in the project
   * and in every state of the undo history, so undo and redo step through the user's edits alone
   * and never take live events away. Returns the trace's id.
   */
  putLiveTrace(id: string | undefined, name: string, text: string): string;
  renameTrace(id: string, name: string): void;
  removeTrace(id: string): void;
  /** Adds a rule-set test file; returns its id. */
  addTest(name: string, text: string): string;
  setTestText(id: string, text: string): void;
  removeTest(id: string): void;
  select(selection: Selection): void;
  revealRange(docId: string, range: Range): void;
  undo(): void;
  redo(): void;
  notify(kind: Notice['kind'], text: string): void;
  dismiss(id: number): void;
}

let projectCounter = 0;
export const newProjectId = (): string => `project-${Date.now().toString(36)}-${++projectCounter}`;

/** The name of a project nobody named yet. */
export const UNTITLED_PROJECT = 'Untitled project';

export const emptyProject = (name = UNTITLED_PROJECT): ProjectData => ({ id: newProjectId(), name, docs: [] });

/** The names of a document's nodes, the keys of its layout. */
const nodeNamesOf = (d: RuleDoc): Set<string> => (d.kind === 'agent' ? toolNamesOf(d.agent) : new Set(d.workflow.nodes.map((n) => n.name)));

/** `after` (an edit of `before`) with its positions following the nodes it renamed, added or removed ({@link carryLayout}). */
function keepingLayout(before: RuleDoc, after: RuleDoc): RuleDoc {
  if (after === before || modelOfDoc(after) === modelOfDoc(before)) return after;
  const layout = carryLayout(after.layout, nodeNamesOf(before), nodeNamesOf(after));
  return layout === after.layout ? after : { ...after, layout };
}

const uniqueName = (base: string, taken: Set<string>): string => {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
};

/** Creates a studio store; `clock` is injectable so tests control undo coalescing. */
export function createStudioStore(initial: ProjectData = emptyProject(), clock: () => number = () => Date.now()) {
  let noticeId = 0;
  let revealNonce = 0;

  return createStore<StudioState>()((set, get) => {
    /** Applies a change to the project, recording the previous state for undo. */
    const change = (next: (p: ProjectData) => ProjectData, key?: string, holds?: boolean) => {
      const before = get().project;
      const after = next(before);
      if (after === before) return;
      set({ project: after, history: record(get().history, before, key, clock(), holds) });
    };
    const mapDoc = (p: ProjectData, id: string, fn: (d: RuleDoc) => RuleDoc): ProjectData => {
      let changed = false;
      const docs = p.docs.map((d) => {
        if (d.id !== id) return d;
        const n = fn(d);
        if (n !== d) changed = true;
        return n;
      });
      return changed ? { ...p, docs } : p;
    };

    /**
     * A graph or Inspector edit of a document whose text does not read (a syntax error being
     * fixed, a broken file opened from an import), or reads with a rule ignored, would rewrite that
     * text from the model and lose what the user typed: it is refused, with where the text breaks.
     * Returns true when refused, so the caller leaves no trace of the edit (no selection, no focus).
     */
    const refusesGraphEdit = (docId: string): boolean => {
      const d = get().project.docs.find((x) => x.id === docId);
      if (!d || d.pendingText) return false;
      const checked = diagnosticsOf(d);
      if (checked.pending) return false;
      const ignored = ignoredRules(checked);
      if (checked.textApplies && ignored.length === 0) return false;
      const first = checked.textApplies ? ignored[0] : checked.diagnostics[0];
      const where = first ? ` (line ${first.range.start.line}, column ${first.range.start.column})` : '';
      const what = checked.textApplies ? 'a rule it ignores' : 'an error in its source';
      get().notify('error', `${d.fileName} has ${what}${where}: fix it in Source first; the graph edit was not made, so nothing you typed is lost.`);
      if (first) get().revealRange(docId, first.range);
      return true;
    };

    return {
      project: initial,
      selection: { kind: 'none' },
      history: emptyHistory(),
      notices: [],

      // Another project: the errors notified were about the one left (its documents, its lines), so
      // they go; what was said for information (where the old project was saved) stays.
      newProject(name) {
        set({ project: emptyProject(name), history: emptyHistory(), selection: { kind: 'none' }, notices: get().notices.filter((n) => n.kind !== 'error') });
      },
      loadProject(data) {
        set({ project: data, history: emptyHistory(), selection: { kind: 'none' }, notices: get().notices.filter((n) => n.kind !== 'error') });
      },
      settleHistory() {
        set({ history: emptyHistory() });
      },
      renameProject(name) {
        change((p) => (p.name === name ? p : { ...p, name }), 'rename');
      },
      importFile(fileName, text) {
        const { docs } = docsFromFile(fileName, text);
        if (docs.length === 0) return 0;
        get().addDocs(docs);
        return docs.length;
      },
      addDocs(docs, imported = false) {
        const first = docs[0];
        if (!first) return;
        const named = (p: ProjectData) => (imported && p.docs.length === 0 && p.name === UNTITLED_PROJECT ? { name: first.fileName.replace(/\.[^.]+$/, '') || first.fileName } : {});
        change((p) => ({ ...p, ...named(p), docs: [...p.docs, ...docs], activeDocId: first.id }));
        set({ selection: { kind: 'none' } });
      },
      addAgent(name) {
        const taken = new Set(get().project.docs.filter((d) => d.kind === 'agent').map((d) => (d as AgentDoc).agent.name));
        const agentName = uniqueName(name ?? 'agent', taken);
        const agent: Agent = { name: agentName, tools: [], rules: [] };
        const id = newDocId();
        // Right after the page opens, the writer may still be loading: the document is added when it is here.
        afterCodecs(() => get().addDocs([{ kind: 'agent', id, fileName: `${agentName}.toml`, text: textOfAgent(agent), layout: {}, agent }]), get().notify);
        return id;
      },
      addWorkflow(name) {
        const taken = new Set(get().project.docs.filter((d) => d.kind === 'workflow').map((d) => (d as WorkflowDoc).workflow.name));
        const wfName = uniqueName(name ?? 'workflow', taken);
        const workflow: Workflow = {
          name: wfName,
          mode: 'execution',
          start_node: 'start',
          nodes: [{ name: 'start', prompt: 'Describe the first phase.', transitions: [{ when: 'start_complete', to: 'done' }], rules: [] }],
        };
        const id = newDocId();
        afterCodecs(() => get().addDocs([{ kind: 'workflow', id, fileName: `${wfName}.yaml`, text: textOfWorkflow(workflow), layout: {}, workflow }]), get().notify);
        return id;
      },
      removeDoc(id) {
        change((p) => {
          const docs = p.docs.filter((d) => d.id !== id);
          if (docs.length === p.docs.length) return p;
          const activeDocId = p.activeDocId === id ? docs[0]?.id : p.activeDocId;
          return { ...p, docs, ...(activeDocId !== undefined ? { activeDocId } : {}) };
        });
        set({ selection: { kind: 'none' } });
      },
      setActiveDoc(id) {
        const p = get().project;
        if (p.activeDocId === id || !p.docs.some((d) => d.id === id)) return;
        set({ project: { ...p, activeDocId: id }, selection: { kind: 'none' } });
      },
      editAgent(docId, edit, opts) {
        if (refusesGraphEdit(docId)) return false;
        change(
          (p) =>
            mapDoc(p, docId, (d) => {
              if (d.kind !== 'agent') return d;
              return keepingLayout(d, withAgent(d, edit(d.agent)));
            }),
          opts?.key,
          opts?.holds,
        );
        return true;
      },
      editWorkflow(docId, edit, opts) {
        if (refusesGraphEdit(docId)) return false;
        change(
          (p) =>
            mapDoc(p, docId, (d) => {
              if (d.kind !== 'workflow') return d;
              return keepingLayout(d, withWorkflow(d, edit(d.workflow)));
            }),
          opts?.key,
          opts?.holds,
        );
        return true;
      },
      setText(docId, text) {
        change(
          (p) =>
            mapDoc(p, docId, (d) => {
              if (d.text === text) return d;
              if (d.pendingText) {
                // Typed over a text still being written for a graph edit: the typed text wins.
                const { pendingText: _dropped, ...typed } = d;
                d = typed;
              }
              if (readsOffThread(text)) return { ...d, text };
              const r = readDocText(d.kind, d.fileName, text, d.kind === 'agent' ? d.agent.name : undefined);
              if (!r.ok) return { ...d, text };
              return keepingLayout(d, d.kind === 'agent' ? { ...d, text, agent: r.model as Agent } : { ...d, text, workflow: { ...(r.model as Workflow), name: d.workflow.name } });
            }),
          `text:${docId}`,
        );
      },
      adoptReading(docId, text, model, prime) {
        const p = get().project;
        const next = mapDoc(p, docId, (d) => {
          if (d.text !== text || d.pendingText) return d;
          const n: RuleDoc = !model ? { ...d } : d.kind === 'agent' ? { ...d, agent: model as Agent } : { ...d, workflow: { ...(model as Workflow), name: d.workflow.name } };
          prime(n);
          return n;
        });
        if (next !== p) set({ project: next });
      },
      settleText(pending, model, text) {
        const settle = (p: ProjectData): ProjectData => {
          let changed = false;
          const docs = p.docs.map((d) => {
            if (d.pendingText !== pending || modelOfDoc(d) !== model) return d;
            changed = true;
            const { pendingText: _written, ...rest } = d;
            return { ...rest, text };
          });
          return changed ? { ...p, docs } : p;
        };
        const { project, history } = get();
        const past = history.past.map(settle);
        const future = history.future.map(settle);
        set({ project: settle(project), history: { ...history, past, future } });
      },
      setPositions(docId, positions, opts) {
        change((p) => mapDoc(p, docId, (d) => ({ ...d, layout: { ...d.layout, ...positions } })), opts?.key, opts?.holds);
      },
      placeNodes(docId, positions) {
        const p = get().project;
        const next = mapDoc(p, docId, (d) => {
          const fresh = Object.entries(positions).filter(([id]) => !own(d.layout, id));
          return fresh.length === 0 ? d : { ...d, layout: { ...d.layout, ...Object.fromEntries(fresh) } };
        });
        if (next !== p) set({ project: next });
      },
      addTrace(name, text, note) {
        const id = newDocId();
        change((p) => ({ ...p, traces: [...(p.traces ?? []), { id, name, text, ...(note !== undefined ? { note } : {}) }] }));
        return id;
      },
      setTraceText(id, text) {
        change(
          (p) => (p.traces?.some((t) => t.id === id && t.text !== text) ? { ...p, traces: p.traces.map((t) => (t.id === id ? { ...t, text } : t)) } : p),
          `trace:${id}`,
        );
      },
      putLiveTrace(known, name, text) {
        const id = known ?? newDocId();
        const put = (p: ProjectData): ProjectData => {
          const traces = p.traces ?? [];
          const at = traces.findIndex((t) => t.id === id);
          if (at < 0) return { ...p, traces: [...traces, { id, name, text }] };
          const t = traces[at] as TraceDoc;
          return t.name === name && t.text === text ? p : { ...p, traces: traces.map((x, i) => (i === at ? { id, name, text } : x)) };
        };
        const { project, history } = get();
        set({ project: put(project), history: { ...history, past: history.past.map(put), future: history.future.map(put) } });
        return id;
      },
      renameTrace(id, name) {
        change((p) => (p.traces?.some((t) => t.id === id && t.name !== name) ? { ...p, traces: p.traces.map((t) => (t.id === id ? { ...t, name } : t)) } : p));
      },
      removeTrace(id) {
        change((p) => (p.traces?.some((t) => t.id === id) ? { ...p, traces: p.traces.filter((t) => t.id !== id) } : p));
      },
      addTest(name, text) {
        const id = newDocId();
        change((p) => ({ ...p, tests: [...(p.tests ?? []), { id, name, text }] }));
        return id;
      },
      setTestText(id, text) {
        change(
          (p) => (p.tests?.some((t) => t.id === id && t.text !== text) ? { ...p, tests: p.tests.map((t) => (t.id === id ? { ...t, text } : t)) } : p),
          `test:${id}`,
        );
      },
      removeTest(id) {
        change((p) => (p.tests?.some((t) => t.id === id) ? { ...p, tests: p.tests.filter((t) => t.id !== id) } : p));
      },
      select(selection) {
        set({ selection });
      },
      revealRange(docId, range) {
        set({ reveal: { docId, range, nonce: ++revealNonce } });
      },
      undo() {
        const r = undo(get().history, get().project);
        if (r) set({ project: r.state, history: r.history });
      },
      redo() {
        const r = redo(get().history, get().project);
        if (r) set({ project: r.state, history: r.history });
      },
      notify(kind, text) {
        const id = ++noticeId;
        // The same notice again (Undo pressed with nothing to undo, three times) is one notice, the newest: never a pile.
        set({ notices: [...get().notices.filter((n) => n.kind !== kind || n.text !== text), { id, kind, text }] });
      },
      dismiss(id) {
        set({ notices: get().notices.filter((n) => n.id !== id) });
      },
    };
  });
}

export type StudioStore = ReturnType<typeof createStudioStore>;

/** The active document, if any. */
export const activeDoc = (s: Pick<StudioState, 'project'>): RuleDoc | undefined =>
  s.project.docs.find((d) => d.id === s.project.activeDocId) ?? s.project.docs[0];
