/**
 * What the studio works out from a document before it can show it: its diagnostics, its graph and
 * a layout of that graph. For an imported file this runs in the import worker (thousands of rules
 * take seconds); the page then adopts the result — the document gets the layout and the caches of
 * `diagnosticsOf` / `toolGraphOf` are primed — so nothing is read, checked or laid out again on the
 * main thread.
 */
import type { LoadedFile } from '../../core/codecs/types.ts';
import type { ToolGraph } from '../../core/graph/toolGraph.ts';
import type { WorkflowGraph } from '../../core/graph/workflowGraph.ts';
import { diagnosticsOf, diagnosticsOfReading, primeDiagnostics, readingOfLoaded, type DocDiagnostics, type RuleDoc, type XY } from '../state/documents.ts';
import { bigTextBlob, rememberTextBlob } from '../persistence/docStorage.ts';
import { layoutOf, primeGraph, toolGraphOf, workflowGraphOf } from '../graph/docGraph.ts';
import { isCapped, neighbourhoodIndices, primeNeighbourhood, type ViewIndices } from '../graph/neighbourhood.ts';

export interface DocAnalysis {
  diagnostics: DocDiagnostics;
  graph: ToolGraph | WorkflowGraph;
  /**
   * Positions of every node of the graph (a layered layout); none for a graph past the cap, whose
   * views are laid out on their own (see `neighbourhood.ts`).
   */
  layout: Record<string, XY>;
  /** For a graph past the cap: its first view (around its first node), so the page does not walk the graph for it. */
  view?: ViewIndices;
  /**
   * A big text (over `OFF_THREAD_CHARS`) as a Blob, made where the analysis runs: autosave
   * stores big texts as Blobs, and making one of a 3.7 MB text on the page took 0.2-0.3 s there.
   */
  textBlob?: Blob;
}

/** The stages of an analysis, in order, as progress reports name them. */
export type AnalysisStage = 'reading' | 'checking' | 'projecting' | 'laying out';

/**
 * Analyses `doc`. `loaded` is the reading of `doc.text` under `doc.fileName` when the caller has
 * it already (a file holding one agent or workflow), so the text is not parsed twice. Without
 * `laidOut` there is no layout (an edited document keeps its positions).
 */
export function analyseDoc(doc: RuleDoc, loaded?: LoadedFile, onStage: (stage: AnalysisStage) => void = () => undefined, laidOut = true): DocAnalysis {
  onStage('checking');
  const diagnostics = loaded ? diagnosticsOfReading(doc, readingOfLoaded(doc.kind, doc.fileName, loaded, doc.kind === 'agent' ? doc.agent.name : undefined)) : diagnosticsOf(doc);
  primeDiagnostics(doc, diagnostics);
  onStage('projecting');
  const graph = doc.kind === 'agent' ? toolGraphOf(doc) : workflowGraphOf(doc);
  const textBlob = bigTextBlob(doc.text);
  const blob = textBlob ? { textBlob } : {};
  if (!laidOut) return { diagnostics, graph, layout: {}, ...blob };
  onStage('laying out');
  // A capped graph is never drawn whole: its document gets no layout (laying out 6,000 nodes was
  // a quarter of a 30,000-rule import), only the view drawn first.
  if (isCapped(graph)) return { diagnostics, graph, layout: doc.layout, view: neighbourhoodIndices(graph, undefined), ...blob };
  const layout = Object.keys(doc.layout).length > 0 ? doc.layout : layoutOf(doc);
  return { diagnostics, graph, layout, ...blob };
}

/**
 * The page's side: `doc` with the analysed layout (positions the document already has win), its
 * diagnostics, graph and text Blob recorded so they are not worked out again.
 */
export function adoptAnalysis<D extends RuleDoc>(doc: D, analysis: DocAnalysis): D {
  // An imported document has no positions of its own: the analysed layout is taken as it is
  // (copying 6,000 positions into a new object cost tens of milliseconds on the page).
  const own = Object.keys(doc.layout).length > 0;
  const adopted: D = { ...doc, layout: own ? { ...analysis.layout, ...doc.layout } : analysis.layout };
  primeDiagnostics(adopted, analysis.diagnostics);
  primeGraph(adopted, analysis.graph);
  if (analysis.view) primeNeighbourhood(analysis.graph, undefined, analysis.view);
  if (analysis.textBlob) rememberTextBlob(adopted, analysis.textBlob);
  return adopted;
}
