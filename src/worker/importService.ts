/**
 * Reading an imported file off the main thread: the text is read (`readImport`), and each rule
 * document it holds is checked, projected to its graph and laid out (`analyseDoc`), with a progress
 * report before every stage. The import worker exposes this service; where there is no Worker
 * (Vitest, the CLI) the page's client runs it in place. Pure apart from reading the Blob.
 */
import '../app/state/codecsEager.ts';
import { readImport, type ImportReading } from '../app/persistence/importReading.ts';
import { blobText } from '../app/persistence/blobText.ts';
import { readDocText, type RuleDoc } from '../app/state/documents.ts';
import type { Agent } from '../core/model/toolRules.ts';
import type { Workflow } from '../core/model/workflow.ts';
import { analyseDoc, type AnalysisStage, type DocAnalysis } from '../app/analysis/docAnalysis.ts';
import { splitImport, type ImportHead, type ImportPart } from './importTransfer.ts';

/**
 * A file to import: its name and either its text or the Blob (File) to read it from; or, with
 * `as`, a document's edited text to read as that document reads it (Source edits of big files).
 */
export type ImportInput = { name?: string; text: string } | { name: string; blob: Blob } | { name: string; text: string; as: RuleDoc['kind']; agentName?: string };

export interface ImportProgress {
  stage: AnalysisStage;
  /** Stages done so far, of `steps` (reading, then checking, projecting, laying out per document). */
  step: number;
  /** Known once the file is read (1 until then). */
  steps: number;
  /** The document being worked on (after reading). */
  doc?: string;
}

/** What an import comes to: the reading, and for rule documents one analysis each (same order). */
export interface AnalysedImport {
  reading: ImportReading;
  analyses: DocAnalysis[];
}

export interface ImportApi {
  read(input: ImportInput, onProgress?: (p: ImportProgress) => void): Promise<AnalysedImport>;
  /** {@link read} for another thread: the result comes as slices through `onPart` and a head (see `importTransfer.ts`). */
  readInParts(input: ImportInput, onProgress: (p: ImportProgress) => void, onPart: (part: ImportPart) => void): Promise<ImportHead>;
  /** Answers at once when the worker is between tasks (see `watch.ts`). */
  ping(): Promise<true>;
}

/** Reads and analyses `input`, reporting progress before each stage. */
export async function analyseImport(input: ImportInput, onProgress: (p: ImportProgress) => void = () => undefined): Promise<AnalysedImport> {
  if ('as' in input) return analyseDocText(input);
  onProgress({ stage: 'reading', step: 0, steps: 1 });
  const text = 'blob' in input ? await blobText(input.blob) : input.text;
  const reading = readImport(input.name, text);
  if (reading.kind !== 'docs') return { reading, analyses: [] };
  const { loaded, ...sendable } = reading;
  const steps = 1 + 3 * reading.docs.length;
  let step = 1;
  const analyses = reading.docs.map((doc, i) =>
    analyseDoc(doc, i === 0 ? loaded : undefined, (stage) => onProgress({ stage, step: step++, steps, doc: doc.fileName })),
  );
  return { reading: sendable, analyses };
}

/**
 * A document's edited text, read as the Source pane reads it (`readDocText`): when it reads
 * cleanly, the document it makes (id and layout left to the page) and its analysis without a
 * layout (the page keeps its positions); else a refusal and the problems that stop it.
 */
function analyseDocText(input: { name: string; text: string; as: RuleDoc['kind']; agentName?: string }): AnalysedImport {
  const r = readDocText(input.as, input.name, input.text, input.agentName);
  if (!r.ok) {
    return {
      reading: { kind: 'refused', message: `${input.name} does not read cleanly.` },
      analyses: [{ diagnostics: { diagnostics: r.problems, textApplies: false }, graph: { nodes: [], edges: [] }, layout: {} }],
    };
  }
  const base = { id: 'reading', fileName: input.name, text: input.text, layout: {} };
  const doc: RuleDoc = input.as === 'agent' ? { ...base, kind: 'agent', agent: r.model as Agent } : { ...base, kind: 'workflow', workflow: r.model as Workflow };
  return { reading: { kind: 'docs', docs: [doc], source: input.name }, analyses: [analyseDoc(doc, r.loaded, undefined, false)] };
}

export function createImportService(): ImportApi {
  return {
    read: (input, onProgress) => analyseImport(input, onProgress),
    async readInParts(input, onProgress, onPart) {
      const { head, parts } = splitImport(await analyseImport(input, onProgress));
      for (const part of parts) void onPart(part);
      return head;
    },
    ping: () => Promise.resolve(true as const),
  };
}
