/**
 * Rule documents: one agent or one workflow, its model and its source text kept in step. The
 * model is the truth the graph is drawn from; the text is what the user sees in the Source pane,
 * in the file's own format (TOML, YAML or JSON). Graph edits change only the text of what they
 * touch (`core/codecs/edit`), keeping comments and formatting; text edits update the model only
 * when the text reads cleanly, so a half-typed file never loses the graph.
 */
import type { Agent } from '../../core/model/toolRules.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import { formatFromName } from '../../core/codecs/format.ts';
import { codecs } from './codecs.ts';
import type { FileFormat } from '../../core/codecs/types.ts';

/** A node position on a canvas, set by the user or by auto layout. */
export interface XY {
  x: number;
  y: number;
}

interface DocBase {
  id: string;
  /** File name used for export and in diagnostics (`etl.toml`, `execution.yaml`). */
  fileName: string;
  /** The source text as the user last saw or typed it. */
  text: string;
  /** Positions of graph nodes by node id; missing ones are laid out automatically. */
  layout: Record<string, XY>;
}

export interface AgentDoc extends DocBase {
  kind: 'agent';
  agent: Agent;
  /**
   * Set while the text of a graph or Inspector edit of a big agent is being written off the main
   * thread (`offThreadEditing.ts`): `text` is still the text of `base`, and the text of `agent` is
   * on its way. Saved with the document, so a reload finishes the job.
   */
  pendingText?: PendingText<Agent>;
}

/** A text being written for an edited model: `base` is the model the document's text holds. */
export interface PendingText<M extends Agent | Workflow = Agent | Workflow> {
  base: M;
}

export interface WorkflowDoc extends DocBase {
  kind: 'workflow';
  workflow: Workflow;
  /** As {@link AgentDoc.pendingText}, for a big workflow's edit. */
  pendingText?: PendingText<Workflow>;
}

export type RuleDoc = AgentDoc | WorkflowDoc;

/**
 * Format errors that stop a text from replacing the model (the graph keeps its last good state);
 * a permission file's syntax error does too (`permissionSyntaxError`: C001, K001, G001).
 * An unknown rule type (F002) does not, nor a malformed rule or transition the reader dropped
 * (F003 marked `dropped`, e.g. a half-written hegel rule): the reader leaves that part out and
 * reads the rest, as the message says, so the graph draws the rest (the tool or phase marked)
 * while graph edits wait for the fix ({@link ignoredRules}).
 */
const BLOCKING = new Set(['F001', 'F003']);
const blocks = (d: Diagnostic) => d.severity === 'error' && BLOCKING.has(d.code) && d.dropped === undefined;

/**
 * The diagnostics of parts the reader left out (unknown rule types, F002; dropped rules and
 * transitions) in a text that reads. A graph edit would write the model back without them,
 * losing what the user typed, so the store refuses graph edits until they are fixed in Source.
 */
export function ignoredRules(checked: DocDiagnostics): Diagnostic[] {
  return checked.textApplies ? checked.diagnostics.filter((d) => d.severity === 'error' && (d.code === 'F002' || d.dropped !== undefined)) : [];
}

export type TextReading =
  | { ok: true; loaded: LoadedFile; model: Agent | Workflow }
  | { ok: false; loaded: LoadedFile; problems: Diagnostic[] };

/** Reads a document's text the way the Source pane does: it applies only when it reads cleanly. */
export function readDocText(kind: RuleDoc['kind'], fileName: string, text: string, agentName?: string): TextReading {
  return readingOfLoaded(kind, fileName, codecs().loadRuleFile(fileName, text), agentName);
}

/** {@link readDocText} on a file already read (`loadRuleFile(fileName, text)`), so it is not parsed twice. */
export function readingOfLoaded(kind: RuleDoc['kind'], fileName: string, loaded: LoadedFile, agentName?: string): TextReading {
  const problems = loaded.diagnostics.filter(blocks);
  let models: (Agent | Workflow)[] = kind === 'agent' ? loaded.agents : loaded.workflows;
  if (kind === 'agent' && isLettaFile(loaded)) {
    // A Letta agent file may hold several agents: the document is the one of its name.
    const mine = loaded.agents.filter((a) => a.name === agentName);
    models = mine.length > 0 ? mine.slice(0, 1) : loaded.agents.slice(0, 1);
  }
  if (problems.length === 0 && models.length !== 1) {
    const what = kind === 'agent' ? 'exactly one agent' : 'exactly one workflow';
    problems.push({
      code: 'F003',
      severity: 'error',
      message: `This source must hold ${what} (found ${models.length}); the graph keeps its last good state.`,
      file: fileName,
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      target: { kind: 'file' },
    });
  }
  const model = models[0];
  // A permission file that does not parse (review17 s2): its last good model stays, as on an F001.
  const broken = problems.length === 0 && model && kind === 'agent' ? codecs().permissionSyntaxError(model as Agent) : undefined;
  if (broken) problems.push(broken);
  if (problems.length > 0 || !model) return { ok: false, loaded, problems };
  return { ok: true, loaded, model };
}

/** True when a file's agents are Letta's (their file is kept whole, every agent's document holds it). */
function isLettaFile(loaded: LoadedFile): boolean {
  return loaded.agents.length > 0 && loaded.agents.every((a) => a.family === 'letta');
}

/** The text a model compiles to: Pattern's `[[agents]]` TOML, or hegel's workflow YAML. */
export function textOfAgent(agent: Agent): string {
  return codecs().writeAgentsToml([agent]).text;
}

export function textOfWorkflow(workflow: Workflow, previousText?: string): string {
  return previousText ? codecs().updateWorkflowYaml(previousText, workflow) : codecs().writeWorkflowYaml(workflow);
}

/** The format of a document's text, from its file name (agents default to TOML, workflows to YAML). */
export function docFormat(doc: Pick<RuleDoc, 'kind' | 'fileName'>): FileFormat {
  return formatFromName(doc.fileName) ?? (doc.kind === 'agent' ? 'toml' : 'yaml');
}

/** The model a document holds (its agent or its workflow). */
export const modelOfDoc = (doc: RuleDoc): Agent | Workflow => (doc.kind === 'agent' ? doc.agent : doc.workflow);

/**
 * The document after a graph or Inspector edit of its agent: only the text of what changed is
 * rewritten. A big agent's text (Pattern's or Letta's) is rewritten off the main thread once a
 * writer is installed (see {@link setOffThreadWriter}): the document takes the new model at once
 * and is marked {@link AgentDoc.pendingText} until the text arrives.
 */
export function withAgent(doc: AgentDoc, agent: Agent): AgentDoc {
  if (agent === doc.agent) return doc;
  const { pendingText, ...settled } = doc;
  const base = pendingText?.base ?? doc.agent;
  if (writesOffThread(doc)) return { ...settled, agent, pendingText: { base } };
  return { ...settled, agent, text: codecs().editAgentText(doc.fileName, doc.text, base, agent).text };
}

/** The text `doc` has once its pending text is written (worked out here, in one go, when it is pending). */
export function settledText(doc: RuleDoc): string {
  if (!doc.pendingText) return doc.text;
  return doc.kind === 'agent'
    ? codecs().editAgentText(doc.fileName, doc.text, doc.pendingText.base, doc.agent).text
    : codecs().editWorkflowText(doc.fileName, doc.text, doc.pendingText.base, doc.workflow).text;
}

/** True when one of `docs` has a text still being written (automatic runs wait for it). */
export function textPendingIn(docs: readonly RuleDoc[]): boolean {
  return docs.some((d) => d.pendingText !== undefined);
}

let offThreadWriter = false;
/** Says that big documents' edited texts are written off the main thread (the page's writer is installed); returns its removal. */
export function setOffThreadWriter(): () => void {
  offThreadWriter = true;
  return () => {
    offThreadWriter = false;
  };
}

/** True when the text of an edit of `doc` is written off the main thread. */
function writesOffThread(doc: RuleDoc): boolean {
  return offThreadWriter && doc.text.length > OFF_THREAD_CHARS;
}

/** The document after a graph or Inspector edit of its workflow: only the text of what changed is rewritten (off the main thread for a big one, as {@link withAgent}). */
export function withWorkflow(doc: WorkflowDoc, workflow: Workflow): WorkflowDoc {
  if (workflow === doc.workflow) return doc;
  const { pendingText, ...settled } = doc;
  const base = pendingText?.base ?? doc.workflow;
  if (writesOffThread(doc)) return { ...settled, workflow, pendingText: { base } };
  return { ...settled, workflow, text: codecs().editWorkflowText(doc.fileName, doc.text, base, workflow).text };
}

export interface DocDiagnostics {
  diagnostics: Diagnostic[];
  /** False while the text does not read cleanly: the graph shows the last good model. */
  textApplies: boolean;
  /** True while a big text is read off the main thread: these are the document's last known diagnostics. */
  pending?: boolean;
}

const diagnosticsCache = new WeakMap<RuleDoc, DocDiagnostics>();

/**
 * Texts longer than this (about 2,000 rules) are read off the main thread once a reader is
 * installed (the page installs the worker's; Vitest and the CLI read in place): reading and
 * checking 30,000 rules takes seconds.
 */
export const OFF_THREAD_CHARS = 200_000;
let offThreadReader: ((doc: RuleDoc) => void) | undefined;
/** The last diagnostics worked out for each document id (shown, marked pending, while a newer text is read). */
const lastKnown = new Map<string, DocDiagnostics>();
const pendingCache = new WeakMap<RuleDoc, DocDiagnostics>();
/** Documents whose text the reader was asked to read (once per document object, until the reading is dropped). */
const askedToRead = new WeakSet<RuleDoc>();

/** Installs the reader asked to read big texts (see {@link OFF_THREAD_CHARS}); returns its removal. */
export function setOffThreadReader(reader: (doc: RuleDoc) => void): () => void {
  offThreadReader = reader;
  return () => {
    if (offThreadReader === reader) offThreadReader = undefined;
  };
}

/** True when `text` is read off the main thread (a reader is installed and the text is big). */
export function readsOffThread(text: string): boolean {
  return offThreadReader !== undefined && text.length > OFF_THREAD_CHARS;
}

/**
 * Diagnostics of a document: of its text when it reads cleanly, else the problems stopping it.
 * Documents are immutable, so the result is cached per document object.
 */
export function diagnosticsOf(doc: RuleDoc): DocDiagnostics {
  const hit = diagnosticsCache.get(doc);
  if (hit) return hit;
  // A text not yet written for the model: its diagnostics come once it is written and read.
  if (doc.pendingText) return lastKnownPending(doc);
  if (offThreadReader && readsOffThread(doc.text)) {
    const waiting = lastKnownPending(doc);
    if (!askedToRead.has(doc)) {
      askedToRead.add(doc);
      offThreadReader(doc);
    }
    return waiting;
  }
  const result = diagnosticsOfReading(doc, readDocText(doc.kind, doc.fileName, doc.text, doc.kind === 'agent' ? doc.agent.name : undefined));
  diagnosticsCache.set(doc, result);
  remember(doc, result);
  return result;
}

/**
 * Says that the reading of `doc`'s text was not applied (the document had moved on, or the
 * reader failed): the next look at its diagnostics asks again, so a document brought back by
 * undo or redo is read instead of waiting for an answer that never comes.
 */
export function readingDropped(doc: RuleDoc): void {
  askedToRead.delete(doc);
}

/** The last diagnostics known for the document's id, marked pending (the same object for the same document). */
function lastKnownPending(doc: RuleDoc): DocDiagnostics {
  let waiting = pendingCache.get(doc);
  if (!waiting) {
    waiting = { ...(lastKnown.get(doc.id) ?? { diagnostics: [], textApplies: true }), pending: true };
    pendingCache.set(doc, waiting);
  }
  return waiting;
}

/** Per document id, the last text known to read cleanly (a layout change makes a new document object with the same text). */
const cleanTexts = new Map<string, string>();
const remember = (doc: RuleDoc, result: DocDiagnostics) => {
  lastKnown.set(doc.id, result);
  if (result.textApplies && !result.pending) cleanTexts.set(doc.id, doc.text);
  else cleanTexts.delete(doc.id);
};

/**
 * Whether `doc`'s text is known not to read (its last reading failed), as opposed to reading
 * cleanly or not read yet: such a document's model is the last one that read, kept when stored.
 */
export function knownNotToRead(doc: RuleDoc): boolean {
  const known = diagnosticsCache.get(doc);
  return known !== undefined && !known.pending && !known.textApplies;
}

/** The diagnostics of `doc` when they are known already (worked out or primed), without reading its text. */
export function knownDiagnostics(doc: RuleDoc): DocDiagnostics | undefined {
  return diagnosticsCache.get(doc);
}

/**
 * True when `doc`'s text is known to read cleanly (so its model is the reading of its text),
 * without reading it: its diagnostics say so, or the same text of the same document read cleanly
 * before.
 */
export function knownToReadCleanly(doc: RuleDoc): boolean {
  // A model whose text is still being written: the text is behind the model.
  if (doc.pendingText) return false;
  const known = diagnosticsCache.get(doc);
  if (known) return known.textApplies && !known.pending;
  return cleanTexts.get(doc.id) === doc.text;
}

/** The diagnostics of `doc` from a reading of its text (see {@link readingOfLoaded}). */
export function diagnosticsOfReading(doc: RuleDoc, r: TextReading): DocDiagnostics {
  const mine = (d: Diagnostic) => doc.kind !== 'agent' || d.target.kind !== 'agent' || d.target.agent === doc.agent.name;
  return r.ok
    ? { diagnostics: codecs().withNormaliseFixes(doc.fileName, doc.text, codecs().checkLoadedFile(r.loaded)).filter(mine), textApplies: true }
    : { diagnostics: r.problems, textApplies: false };
}

/**
 * Records diagnostics worked out elsewhere (the import worker) for `doc`, so {@link diagnosticsOf}
 * does not read and check its text again on the main thread.
 */
export function primeDiagnostics(doc: RuleDoc, result: DocDiagnostics): void {
  diagnosticsCache.set(doc, result);
  remember(doc, result);
}

let counter = 0;
/** A fresh document id (unique in this page; persisted ids come from storage). */
export function newDocId(): string {
  counter += 1;
  return `doc-${Date.now().toString(36)}-${counter}`;
}

/** Documents for a file's content: one per agent, one per workflow. A file with exactly one
 * element keeps the user's text (comments, formatting, its format); otherwise each document gets
 * the written form (TOML for agents, YAML for workflows). A Letta agent file is always kept whole:
 * each of its agents' documents holds the file, so export writes it back with every other key. */
export function docsFromFile(fileName: string, text: string): { docs: RuleDoc[]; loaded: LoadedFile; single: boolean } {
  const loaded = codecs().loadRuleFile(fileName, text);
  const letta = isLettaFile(loaded) && loaded.workflows.length === 0;
  // A Codex `.rules` file (Starlark) has no TOML/YAML/JSON format of its own: it is kept as written.
  const single = (letta || loaded.agents.length + loaded.workflows.length === 1) && (formatFromName(fileName) !== undefined || /\.rules$/i.test(fileName));
  const base = fileName.replace(/\.[^.]+$/, '');
  const docs: RuleDoc[] = [
    ...loaded.agents.map(
      (agent): AgentDoc => ({
        kind: 'agent',
        id: newDocId(),
        fileName: single ? fileName : `${agent.name || base}.toml`,
        text: single ? text : textOfAgent(agent),
        layout: {},
        agent,
      }),
    ),
    ...loaded.workflows.map(
      (workflow): WorkflowDoc => ({
        kind: 'workflow',
        id: newDocId(),
        fileName: single ? fileName : `${workflow.name || base}.yaml`,
        text: single ? text : textOfWorkflow(workflow),
        layout: {},
        workflow,
      }),
    ),
  ];
  return { docs, loaded, single };
}

/** The first problem stopping a document's text from reading, once its reading is settled (not while a big text is read). */
export function readingError(doc: RuleDoc): Diagnostic | undefined {
  const checked = diagnosticsOf(doc);
  return !checked.pending && !checked.textApplies ? checked.diagnostics[0] : undefined;
}

/**
 * Whether a document's model is still empty while its text does not read: a broken file opened as
 * it is, whose graph has no last good version to show (Pattern agents and workflows; a family's
 * model lives in its own fields, so it is never called empty here).
 */
export function neverRead(doc: RuleDoc): boolean {
  return doc.kind === 'agent' ? doc.agent.family === undefined && doc.agent.tools.length === 0 && doc.agent.rules.length === 0 : doc.workflow.nodes.length === 0;
}
