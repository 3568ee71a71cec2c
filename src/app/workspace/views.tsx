/**
 * Every tabbed view of the workspace, in one list. To add a view (a Tests view, a profile
 * comparison, a normalise diff…), append an entry here: it appears as a tab in its region, in list
 * order, and its component mounts when the tab is opened. Heavy views should be `lazy(() =>
 * import(...))`; the region renders them inside `<Suspense>`.
 *
 * Regions:
 * - `design-bottom`: under the graph in Design mode (Source and problems live here).
 * - `simulate-side`: the right-hand column of Simulate mode, beside the timeline (the current
 *   step's decision and state, traces and settings, what-if changes, the run summary).
 */
import { lazy, type ComponentType } from 'react';
import { ProblemCounts, SourceAndProblems } from '../panels/SourceAndProblems.tsx';
import { TestsBadge } from '../tests/TestsBadge.tsx';

// Loaded when first opened (the first load carries only what the empty project shows).
const StepView = lazy(() => import('../simulator/StepView.tsx').then((m) => ({ default: m.StepView })));
const SetupView = lazy(() => import('../simulator/SetupView.tsx').then((m) => ({ default: m.SetupView })));
const ChangesPanel = lazy(() => import('../simulator/ChangesPanel.tsx').then((m) => ({ default: m.ChangesPanel })));
const SummaryPanel = lazy(() => import('../simulator/SummaryPanel.tsx').then((m) => ({ default: m.SummaryPanel })));
/** The Tests view keeps the element id its tests and links use. */
/** The Corpus view: a folder of sessions replayed and summed up. */
const CorpusView = lazy(() => import('../corpus/CorpusView.tsx').then((m) => ({ default: m.CorpusView })));
/** The Policy view: Claude Code settings' rules with the calls each decided. */
const PolicyView = lazy(() => import('../policy/PolicyView.tsx').then((m) => ({ default: m.PolicyView })));
const TestsPanel = lazy(() => import('../tests/TestsView.tsx').then((m) => ({ default: () => <m.TestsView id="panel-tests" /> })));

export type ViewRegion = 'design-bottom' | 'simulate-side';

export interface WorkspaceView {
  /** Stable id (remembered as the open tab; used in element ids `tab-<id>` / `view-<id>`). */
  id: string;
  /** The tab's text (and its name for assistive technology, also when it shows `shortLabel`). */
  label: string;
  /** A shorter text the tab shows when its region is too narrow for every tab at full length. */
  shortLabel?: string;
  region: ViewRegion;
  component: ComponentType;
  /** Optional live text after the label (a count), e.g. `3/1/0` problems. */
  badge?: ComponentType;
}

export const WORKSPACE_VIEWS: readonly WorkspaceView[] = [
  { id: 'source-problems', label: 'Source and problems', shortLabel: 'Source', region: 'design-bottom', component: SourceAndProblems, badge: ProblemCounts },
  { id: 'tests', label: 'Tests', region: 'design-bottom', component: TestsPanel, badge: TestsBadge },
  { id: 'corpus', label: 'Corpus', region: 'design-bottom', component: CorpusView },
  { id: 'policy', label: 'Policy', region: 'design-bottom', component: PolicyView },
  { id: 'step', label: 'Step', region: 'simulate-side', component: StepView },
  { id: 'setup', label: 'Setup', region: 'simulate-side', component: SetupView },
  { id: 'changes', label: 'Changes', region: 'simulate-side', component: ChangesPanel },
  { id: 'summary', label: 'Summary', region: 'simulate-side', component: SummaryPanel },
];

/** The views of a region, in list order. */
export const viewsOf = (region: ViewRegion, views: readonly WorkspaceView[] = WORKSPACE_VIEWS): WorkspaceView[] => views.filter((v) => v.region === region);
