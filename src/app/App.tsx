/**
 * The studio shell: the toolbar (with the mode switch) on top, the workspace of the current mode
 * below (see `workspace/Workspace.tsx`), the status bar with the notices at the foot, the presenter
 * view over everything while presenting, and dialogs.
 */
import { lazy, Suspense } from 'react';
import { Toolbar } from './components/Toolbar.tsx';
import { Notices } from './components/Notices.tsx';
import { Dialogs } from './dialogs/Dialogs.tsx';
import { useTheme } from './components/useTheme.ts';
import { useUiStore } from './state/uiContext.tsx';
import { Workspace } from './workspace/Workspace.tsx';
import { useRememberLayout } from './workspace/useRememberLayout.ts';
import { useTeachingHash } from './simulator/useTeachingHash.ts';
import { useSimulation } from './simulator/useSimulation.ts';
import { setPresenterLoader } from './simulator/presenterPreload.ts';

/** The classroom presenter, loaded when first opened (or ahead of it: presenterPreload.ts). */
const loadPresenter = () => import('./presenter/Presenter.tsx');
setPresenterLoader(() => void loadPresenter());
const Presenter = lazy(() => loadPresenter().then((m) => ({ default: m.Presenter })));

export function App() {
  const ui = useUiStore();
  useTheme(ui);
  useRememberLayout(ui);
  useTeachingHash();
  const presenting = useSimulation((s) => s.presenter);
  return (
    <div className="studio">
      <div className="studio-shell" inert={presenting}>
        <Toolbar />
        <Workspace />
        <Notices />
      </div>
      {presenting ? (
        <Suspense fallback={null}>
          <Presenter />
        </Suspense>
      ) : null}
      <Dialogs />
    </div>
  );
}
