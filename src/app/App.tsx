/**
 * The studio shell: toolbar on top; explorer, graph canvas and inspector side by side; a bottom
 * panel with Problems and Source under the canvas. Panels resize with drag handles (keyboard
 * operable separators); the sizes are remembered across reloads. The DOM order gives the tab order:
 * toolbar → explorer → canvas → inspector → bottom panel (the grid places them on screen).
 */
import { Toolbar } from './components/Toolbar.tsx';
import { Explorer } from './explorer/Explorer.tsx';
import { Canvas } from './graph/Canvas.tsx';
import { Inspector } from './inspector/Inspector.tsx';
import { BottomPanel } from './panels/BottomPanel.tsx';
import { Notices } from './components/Notices.tsx';
import { Dialogs } from './dialogs/Dialogs.tsx';
import { ResizeHandle } from './components/ResizeHandle.tsx';
import { usePanelSize } from './components/usePanelSize.ts';
import { useTheme } from './components/useTheme.ts';
import { useUiStore } from './state/uiContext.tsx';

export function App() {
  useTheme(useUiStore());
  const [left, setLeft] = usePanelSize('explorer', 220, 140, 480);
  const [right, setRight] = usePanelSize('inspector', 320, 220, 640);
  const [bottom, setBottom] = usePanelSize('bottom', 280, 80, 720);
  return (
    <div className="studio">
      <Toolbar />
      <div className="workbench" style={{ gridTemplateColumns: `${left}px 6px minmax(0, 1fr) 6px ${right}px`, gridTemplateRows: `minmax(0, 1fr) 6px ${bottom}px` }}>
        <div className="area-explorer">
          <Explorer />
        </div>
        <div className="area-left-handle">
          <ResizeHandle label="Resize explorer" orientation="vertical" value={left} min={140} max={480} direction={1} onChange={setLeft} />
        </div>
        <main className="area-canvas center">
          <Canvas />
        </main>
        <div className="area-right-handle">
          <ResizeHandle label="Resize inspector" orientation="vertical" value={right} min={220} max={640} direction={-1} onChange={setRight} />
        </div>
        <div className="area-inspector">
          <Inspector />
        </div>
        <div className="area-bottom-handle">
          <ResizeHandle label="Resize bottom panel" orientation="horizontal" value={bottom} min={80} max={720} direction={-1} onChange={setBottom} />
        </div>
        <div className="area-bottom">
          <BottomPanel />
        </div>
      </div>
      <Notices />
      <Dialogs />
    </div>
  );
}
