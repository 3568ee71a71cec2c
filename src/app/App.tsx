/**
 * The studio shell: toolbar on top; explorer, graph canvas and inspector side by side; a bottom
 * panel with Problems and Source. Each region is its own component.
 */
import { Toolbar } from './components/Toolbar.tsx';
import { Explorer } from './explorer/Explorer.tsx';
import { Canvas } from './graph/Canvas.tsx';
import { Inspector } from './inspector/Inspector.tsx';
import { BottomPanel } from './panels/BottomPanel.tsx';
import { Notices } from './components/Notices.tsx';
import { Dialogs } from './dialogs/Dialogs.tsx';

export function App() {
  return (
    <div className="studio">
      <Toolbar />
      <div className="workbench">
        <Explorer />
        <main className="center">
          <Canvas />
          <BottomPanel />
        </main>
        <Inspector />
      </div>
      <Notices />
      <Dialogs />
    </div>
  );
}
