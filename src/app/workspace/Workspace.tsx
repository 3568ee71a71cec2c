/**
 * The workspace below the toolbar, in two modes:
 * - Design: explorer | graph | inspector, with the `design-bottom` views (Source and problems…)
 *   under the graph.
 * - Simulate: explorer (folded by default) | graph | the simulator at full height (timeline beside
 *   the `simulate-side` views: the step's decision and state, changes, summary…).
 * The bottom panel starts folded to a bar with the problem counts (the graph gets the room); it
 * opens from the bar, and by itself when the user asks for a problem's place in the source.
 * Panels resize with visible grips (keyboard operable separators) and fold to rails (the simulator
 * too, so the graph gets the room; a run goes on while it is folded); sizes, folds and the mode are
 * remembered. The bottom panel maximises (see bottomMaximised.ts): it takes the graph's rows, the
 * graph is hidden (kept mounted, its camera kept) and comes back as it was on restore.
 * The DOM order is the tab order: explorer → graph → side → bottom.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Explorer } from '../explorer/Explorer.tsx';
import { Canvas } from '../graph/Canvas.tsx';
import { Inspector } from '../inspector/Inspector.tsx';
import { useSimulatedDocId } from '../simulator/simulatedDoc.ts';
import { ResizeHandle } from '../components/ResizeHandle.tsx';
import { usePanelSize } from '../components/usePanelSize.ts';
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { ViewTabs } from './ViewTabs.tsx';
import { FoldButton, Rail, focusFoldControl } from './Fold.tsx';
import { BottomBar } from './BottomBar.tsx';
import { useOpenOnReveal } from './useOpenOnReveal.ts';
import { simulatorWidth } from './layoutMemory.ts';
import { setBottomMaximised, toggleBottomPanel, useBottomMaximised } from './bottomMaximised.ts';
import { MaximiseButton } from './MaximiseButton.tsx';
import './workspace.css';
import { Loading } from '../components/ui/Loading.tsx';

/** The simulator column, loaded when Simulate is first opened. */
const SimulationPanel = lazy(() => import('../simulator/SimulationPanel.tsx').then((m) => ({ default: m.SimulationPanel })));

const RAIL = 28;
/** The folded bottom panel's bar: one line of view buttons with their counts. */
const BAR = 32;
/** The name each folding panel's buttons carry ("Collapse …", "Show …"), by its key in `collapsed`. */
const FOLD_NAMES: Readonly<Record<string, string>> = { explorer: 'explorer', 'sim-explorer': 'explorer', inspector: 'inspector', bottom: 'bottom panel', simulator: 'simulator' };
const GRIP = 8;
const BOTTOM = { min: 120, max: 720 };
/**
 * The share of the workbench's height the bottom panel takes at least when the Policy view opens
 * in it (its totals, rules and a rule's calls need the room; a permission file's graph has no
 * edges). Review15: at 1280×720 it showed 1½ rule rows. The user's own drag then holds.
 */
const POLICY_SHARE = 0.6;

/** The height of `ref`'s element while `on` (0 before it is measured). */
function useHeight(ref: { current: HTMLElement | null }, on: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!on || !el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, on]);
  return height;
}

export function Workspace() {
  const ui = useUiStore();
  const mode = useUi((s) => s.mode);
  const collapsed = useUi((s) => s.collapsed);
  const [left, setLeft] = usePanelSize('explorer', 220, 140, 480);
  const [right, setRight] = usePanelSize('inspector', 320, 220, 640);
  const [bottom, setBottom] = usePanelSize('bottom', 280, BOTTOM.min, BOTTOM.max);
  const [sim, setSim] = usePanelSize('simulator', simulatorWidth(window.innerWidth), 420, 1200);
  const design = mode === 'design';
  // Simulate draws the simulated agent or workflow, whichever document Design had selected.
  const simulated = useSimulatedDocId();
  const explorerKey = design ? 'explorer' : 'sim-explorer';
  const explorerFolded = collapsed[explorerKey] === true;
  const inspectorFolded = design && collapsed.inspector === true;
  const bottomFolded = design && collapsed.bottom === true;
  const simulatorFolded = !design && collapsed.simulator === true;
  const maximised = useBottomMaximised() && design && !bottomFolded;
  const bottomArea = useRef<HTMLDivElement>(null);
  const maximisedHeight = useHeight(bottomArea, maximised);
  const bench = useRef<HTMLElement>(null);
  const bottomView = useUi((s) => s.tabs['design-bottom']);
  const policyOpen = design && !bottomFolded && !maximised && bottomView === 'policy';
  // Once per opening of the Policy view; a drag after it holds.
  const policySized = useRef(false);
  useEffect(() => {
    if (!policyOpen) {
      policySized.current = false;
      return;
    }
    if (policySized.current || !bench.current) return;
    policySized.current = true;
    const room = Math.min(BOTTOM.max, Math.round(bench.current.clientHeight * POLICY_SHARE));
    if (room > bottom) setBottom(room);
  }, [policyOpen, bottom, setBottom]);
  // Dragging (or arrow keys on) the grip of a maximised panel sizes it from where it is.
  const resizeBottom = (v: number) => {
    if (maximised) setBottomMaximised(false);
    setBottom(v);
  };
  const fold = (k: string, v: boolean) => {
    if (k === 'bottom' && v) setBottomMaximised(false);
    ui.getState().setCollapsed(k, v);
    focusFoldControl(FOLD_NAMES[k] ?? k, v);
  };

  const openBottom = (view: string) => {
    ui.getState().setTab('design-bottom', view);
    fold('bottom', false);
  };
  useOpenOnReveal();

  const cols = [explorerFolded ? `${RAIL}px 0px` : `${left}px ${GRIP}px`, 'minmax(0, 1fr)', design ? (inspectorFolded ? `0px ${RAIL}px` : `${GRIP}px ${right}px`) : simulatorFolded ? `0px ${RAIL}px` : `${GRIP}px ${sim}px`].join(' ');
  const rows = design ? (bottomFolded ? `minmax(0, 1fr) 0px ${BAR}px` : maximised ? `0px ${GRIP}px minmax(0, 1fr)` : `minmax(0, 1fr) ${GRIP}px ${bottom}px`) : 'minmax(0, 1fr) 0px 0px';

  return (
    // The workbench is the page's main landmark, so its panels, grips and fold buttons are all in one.
    <main ref={bench} className={`workbench mode-${mode}${maximised ? ' bottom-maximised' : ''}`} data-mode={mode} style={{ gridTemplateColumns: cols, gridTemplateRows: rows }}>
      <div className="area-explorer">{explorerFolded ? <Rail name="explorer" side="left" onUnfold={() => fold(explorerKey, false)} /> : <Explorer />}</div>
      <div className="area-left-handle">
        {explorerFolded ? null : (
          <>
            <ResizeHandle label="Resize explorer" orientation="vertical" value={left} min={140} max={480} direction={1} onChange={setLeft} />
            <FoldButton name="explorer" side="left" onFold={() => fold(explorerKey, true)} />
          </>
        )}
      </div>
      <div className="area-canvas center" hidden={maximised}>
        <h2 className="visually-hidden">{design ? 'Design' : 'Simulate'}</h2>
        <Canvas docId={design ? undefined : simulated} fitPane={!design} />
      </div>
      <div className="area-right-handle">
        {design && !inspectorFolded ? (
          <>
            <ResizeHandle label="Resize inspector" orientation="vertical" value={right} min={220} max={640} direction={-1} onChange={setRight} />
            <FoldButton name="inspector" side="right" onFold={() => fold('inspector', true)} />
          </>
        ) : null}
        {!design && !simulatorFolded ? (
          <>
            <ResizeHandle label="Resize simulator" orientation="vertical" value={sim} min={420} max={1200} direction={-1} onChange={setSim} />
            <FoldButton name="simulator" side="right" onFold={() => fold('simulator', true)} />
          </>
        ) : null}
      </div>
      <div className="area-inspector">
        {design ? (
          inspectorFolded ? (
            <Rail name="inspector" side="right" onUnfold={() => fold('inspector', false)} />
          ) : (
            <Inspector />
          )
        ) : simulatorFolded ? (
          <Rail name="simulator" side="right" onUnfold={() => fold('simulator', false)} />
        ) : (
          <Suspense fallback={<Loading label="Loading the simulator" block />}>
            <SimulationPanel id="panel-simulation" />
          </Suspense>
        )}
      </div>
      <div className="area-bottom-handle">
        {design && !bottomFolded ? (
          <>
            <ResizeHandle
              label="Resize bottom panel"
              orientation="horizontal"
              value={maximised && maximisedHeight > 0 ? maximisedHeight : bottom}
              min={BOTTOM.min}
              max={BOTTOM.max}
              direction={-1}
              onChange={resizeBottom}
              onDoubleClick={() => toggleBottomPanel(ui)}
            />
            <FoldButton name="bottom panel" side="bottom" onFold={() => fold('bottom', true)} />
          </>
        ) : null}
      </div>
      <div className="area-bottom" ref={bottomArea}>
        {design ? bottomFolded ? <BottomBar onOpen={openBottom} /> : <ViewTabs region="design-bottom" label="Bottom panel" extra={<MaximiseButton maximised={maximised} onToggle={() => toggleBottomPanel(ui)} />} /> : null}
      </div>
    </main>
  );
}
