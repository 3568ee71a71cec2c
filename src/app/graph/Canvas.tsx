/**
 * The graph canvas (region "Graph"): the tool graph or the phase graph of the active document, or
 * of `docId`. On an empty project it says how to start. With `stage`, the canvas is the presenter
 * view's: text at stage size, following the current step.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import './canvas.css';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { activeDoc } from '../state/store.ts';
import type { RuleDoc } from '../state/documents.ts';
import { StageContext, STAGE_VIEW } from './stage.ts';
import { CANVAS_VIEW } from '../layout/viewport.ts';
import { Button } from '../components/ui/Button.tsx';
import { onFirstIntent } from '../state/onFirstIntent.ts';
import { Loading } from '../components/ui/Loading.tsx';

/** An empty canvas loads the drawing code at the user's first move, or after this long idle. */
const DRAWING_IDLE_MS = 5_000;

// The drawing itself (React Flow, d3, the canvases) is not needed by an empty project: it loads
// while the empty canvas is shown (see EmptyCanvas), or when the first document is opened.
const loadDocCanvas = () => import('./DocCanvas.tsx');
const DocCanvas = lazy(() => loadDocCanvas().then((m) => ({ default: m.DocCanvas })));

/**
 * `stage`: the presenter's canvas; `focus` names the nodes its current step is about (kept in view
 * when the whole graph does not fit on stage). `fitPane`: Simulate's canvas, which lays a graph too
 * wide to be read whole out for its pane, as the stage does (the Design canvas keeps the user's layout).
 */
export function Canvas({ stage = false, fitPane = false, docId, label = 'Graph', focus }: { stage?: boolean; fitPane?: boolean; docId?: string | undefined; label?: string; focus?: readonly string[] | undefined }) {
  const section = useRef<HTMLElement>(null);
  const pane = useStagePane(stage || fitPane, section);
  const onStage = useMemo(() => (stage ? { on: true, view: STAGE_VIEW, focus, pane } : { on: false, view: CANVAS_VIEW, pane }), [stage, focus, pane]);
  const active = useStudio(activeDoc);
  const chosen = useStudio((s) => (docId !== undefined ? s.project.docs.find((d) => d.id === docId) : undefined));
  const doc = chosen ?? active;
  const body = !doc ? (
    <EmptyCanvas />
  ) : (
    <Suspense fallback={<CanvasLoading doc={doc} />}>
      <DocCanvas key={doc.id} doc={doc} />
    </Suspense>
  );
  return (
    <section ref={section} className="canvas" aria-label={label} tabIndex={-1}>
      {stage || fitPane ? <StageContext.Provider value={onStage}>{body}</StageContext.Provider> : body}
    </section>
  );
}

/** The size of the canvas (whole pixels, the same object while it keeps its size) when `on`; undefined otherwise. */
function useStagePane(on: boolean, ref: RefObject<HTMLElement | null>): { width: number; height: number } | undefined {
  const [pane, setPane] = useState<{ width: number; height: number } | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!on || !el) return;
    const measure = () => {
      const width = Math.floor(el.clientWidth);
      const height = Math.floor(el.clientHeight);
      if (width > 0 && height > 0) setPane((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [on, ref]);
  return pane;
}

/** The canvas while its drawing code loads (a moment, once): where the graph will be, said plainly. */
function CanvasLoading({ doc }: { doc: RuleDoc }) {
  return (
    <div className="canvas-empty canvas-loading">
      <Loading label={`Drawing ${doc.fileName}`} />
    </div>
  );
}

/** What an empty project shows: the three ways to start. */
function EmptyCanvas() {
  const store = useStudioStore();
  const ui = useUiStore();
  // Loaded as the user goes to act (or after a while idle), so the first document is drawn at once.
  useEffect(() => onFirstIntent(() => void loadDocCanvas().catch(() => undefined), DRAWING_IDLE_MS), []);
  return (
    <div className="canvas-empty">
      <h2>Nothing to draw yet</h2>
      <p className="muted">Start from an example, bring your own rule files, or draw from scratch.</p>
      <div className="canvas-empty-actions">
        <Button variant="primary" icon="examples" label="Open an example" onClick={() => ui.getState().openDialog('examples')} />
        <Button icon="plus" label="New agent" title="An agent's tool rules (Pattern TOML)" onClick={() => store.getState().addAgent()} />
        <Button icon="plus" label="New workflow" title="A hegel workflow (YAML)" onClick={() => store.getState().addWorkflow()} />
      </div>
      <p className="muted">Or drop rule files (.toml, .yaml, .json, Letta .af, Claude Code settings.json, Codex .rules) or traces anywhere.</p>
    </div>
  );
}
