/**
 * Workspace commands for the palette and the keyboard: the modes (Design, Simulate, Present),
 * Fit view, maximising the bottom panel,
 * running and stepping the simulation, new agent / workflow, and deleting the selection. Each
 * calls the same store action as its button, so the palette and the bar never differ.
 */
import type { Action, ActionContext } from './types.ts';
import { activeDoc } from '../state/store.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { importPending, importProgressStore } from '../persistence/importProgress.ts';
import { requestDelete } from '../graph/deleteRequests.ts';
import { requestFit } from '../graph/fitRequests.ts';
import { dialectOfDoc, translateStore } from '../policy/translateStore.ts';
import { MAXIMISE_SHORTCUT, toggleBottomPanel } from '../workspace/bottomMaximised.ts';

const sim = () => simulationStore().getState();

/** Why Present does not apply: nothing is drawn and nothing was run (the stage would be empty). */
export const PRESENT_UNAVAILABLE = 'Open an example, import a file or draw an agent or a workflow first: there is nothing to present yet';

/** Whether the presenter has something to show: a graph, or a run. */
export const canPresent = (project: { docs: readonly unknown[] }) => project.docs.length > 0 || sim().run !== undefined;
const inSimulate = ({ ui }: ActionContext) => ui.getState().mode === 'simulate';
const hasRun = (ctx: ActionContext) => inSimulate(ctx) && sim().run !== undefined;

/** Next / Previous step: the same action one step either way (the arrow keys in Simulate). */
function stepAction(id: string, label: string, keywords: string, key: string, hint: string, delta: 1 | -1): Action {
  return { id, label, keywords, shortcuts: [key], hint, unavailable: 'Run a simulation first (Simulate mode)', enabled: hasRun, run: () => sim().stepBy(delta) };
}

/** The permission dialect Translate starts from: the active document's, else the first the project holds. */
const translateSource = ({ store }: ActionContext) => {
  const s = store.getState();
  return dialectOfDoc(activeDoc(s)) ?? s.project.docs.map(dialectOfDoc).find((d) => d !== undefined);
};

/** Design mode with the bottom panel unfolded on `view` (a `design-bottom` view of `workspace/views.tsx`). */
const showBottom = ({ ui }: ActionContext, view: string) => {
  const u = ui.getState();
  u.setMode('design');
  u.setTab('design-bottom', view);
  u.setCollapsed('bottom', false);
};

export const workspaceActions: Action[] = [
  {
    id: 'help',
    label: 'Help and keyboard shortcuts',
    keywords: 'help shortcuts keys keyboard how start guide docs documentation ?',
    shortcuts: ['?', 'F1'],
    hint: 'How to start, and every keyboard shortcut of the studio',
    run: ({ ui }) => ui.getState().openDialog('help'),
  },
  {
    id: 'show-problems',
    label: 'Problems and verification',
    keywords: 'verify prove check deadlock unreachable cycle conflict counterexample errors warnings diagnostics',
    hint: 'Every problem of the project: the checks of each file and what the verifier proves (deadlocks, unreachable tools), each with Show trace',
    run: (ctx) => showBottom(ctx, 'source-problems'),
  },
  {
    id: 'show-tests',
    label: 'Tests',
    keywords: 'rule tests expectations pass fail run test.yaml',
    hint: 'The project’s rule-set tests, run after every edit',
    run: (ctx) => showBottom(ctx, 'tests'),
  },
  {
    id: 'show-policy',
    label: 'Policy',
    keywords: 'permissions claude codex gemini allow ask deny sessions what-if would',
    hint: 'Each call of your sessions with the Claude Code, Codex or Gemini CLI decision and the rule that made it, and what an edit would change',
    unavailable: 'Open a Claude Code settings file, Codex rules or a Gemini CLI policy first',
    enabled: (ctx) => translateSource(ctx) !== undefined,
    run: (ctx) => ctx.ui.getState().showPolicy(),
  },
  {
    id: 'translate-policy',
    label: 'Translate policy to…',
    keywords: 'convert claude codex gemini permissions dialect',
    hint: 'Translate the Claude Code, Codex or Gemini CLI policy into another dialect, and see where the sessions would be decided differently',
    unavailable: 'Open a Claude Code settings file, Codex rules or a Gemini CLI policy first',
    enabled: (ctx) => translateSource(ctx) !== undefined,
    run(ctx) {
      const from = translateSource(ctx);
      if (!from) return;
      translateStore.setState({ from });
      ctx.ui.getState().showPolicy();
    },
  },
  {
    id: 'mode-design',
    label: 'Design mode',
    keywords: 'switch edit graph inspector',
    shortcuts: ['Alt+1'],
    hint: 'The graph, the Inspector, the source and its problems',
    run: ({ ui }) => ui.getState().setMode('design'),
  },
  {
    id: 'mode-simulate',
    label: 'Simulate mode',
    keywords: 'switch replay trace timeline',
    shortcuts: ['Alt+2'],
    hint: 'The graph beside the simulator: traces, the timeline and every decision',
    run: ({ ui }) => ui.getState().showSimulator(),
  },
  {
    id: 'present',
    label: 'Present',
    keywords: 'presenter stage classroom teach slides',
    shortcuts: ['Alt+3'],
    hint: 'The graph and the current decision at stage size (Escape leaves)',
    unavailable: PRESENT_UNAVAILABLE,
    enabled: ({ store }) => canPresent(store.getState().project),
    run: () => sim().setPresenter(true),
  },
  {
    id: 'run-simulation',
    label: 'Run simulation',
    keywords: 'replay start play',
    shortcuts: ['Mod+Enter'],
    hint: 'Replay the chosen traces against the chosen rules',
    unavailable: 'Waiting for the import to finish',
    enabled: () => !importPending(importProgressStore.getState()),
    run({ store, ui }) {
      ui.getState().showSimulator();
      void sim().start(store.getState().project);
    },
  },
  {
    id: 'maximise-bottom-panel',
    label: 'Maximise or restore bottom panel',
    keywords: 'toggle panel full height enlarge tests corpus policy source problems',
    shortcuts: [MAXIMISE_SHORTCUT],
    anywhere: true,
    hint: 'The bottom panel takes the graph’s room, or returns to its size (a double-click on its grip does too)',
    unavailable: 'Switch to Design mode first (the bottom panel is there)',
    enabled: ({ ui }) => ui.getState().mode === 'design',
    run: ({ ui }) => toggleBottomPanel(ui),
  },
  {
    id: 'fit-view',
    label: 'Fit view',
    keywords: 'zoom whole graph overview all nodes',
    shortcuts: ['Shift+1'],
    hint: 'Zoom the graph out (or in) to show all of it, however small its text; opening and Auto layout stop at readable text',
    unavailable: 'Open an agent or a workflow first',
    enabled: (ctx) => activeDoc(ctx.store.getState()) !== undefined || inSimulate(ctx),
    run: () => requestFit(undefined, true),
  },
  stepAction('step-next', 'Next step', 'forward simulation', 'ArrowRight', 'The next step of the run', 1),
  stepAction('step-prev', 'Previous step', 'back simulation', 'ArrowLeft', 'The step before', -1),
  {
    id: 'new-agent',
    label: 'New agent',
    keywords: 'create pattern toml',
    hint: 'Add an empty agent to the project and open it',
    run: ({ store, ui }) => {
      store.getState().addAgent();
      ui.getState().setMode('design');
    },
  },
  {
    id: 'new-workflow',
    label: 'New workflow',
    keywords: 'create hegel yaml',
    hint: 'Add a one-phase workflow to the project and open it',
    run: ({ store, ui }) => {
      store.getState().addWorkflow();
      ui.getState().setMode('design');
    },
  },
  {
    id: 'delete-selection',
    label: 'Delete',
    keywords: 'remove selection tool rule phase transition edge',
    shortcuts: ['Delete'],
    hint: 'Delete the selected tool, rule, phase or transition (Undo brings it back)',
    unavailable: 'Select a tool, rule, phase or transition first',
    enabled: ({ store }) =>
      activeDoc(store.getState()) !== undefined && store.getState().selection.kind !== 'none',
    run: () => void requestDelete(),
  },
];
