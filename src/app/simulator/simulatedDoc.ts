/**
 * Which document the graph shows in Simulate mode: always the one simulated, never merely the one
 * selected in Design. The document of the step's highlight (a run of an agent and a workflow
 * moves between them), else the run's agent or workflow, else — before any run — the agent or
 * workflow the run bar has chosen.
 */
import type { ProjectData } from '../state/store.ts';
import type { SimulationHighlight } from './highlightOf.ts';
import { resolveChoice, type RunChoice } from './runRequest.ts';
import type { RunInfo } from './simulationStore.ts';
import { useSimulation } from './useSimulation.ts';
import { useStudio } from '../state/context.tsx';

/** The simulated document's id (pure; see the module comment), or undefined when nothing is chosen. */
export function simulatedDocId(project: ProjectData, choice: RunChoice, run: Pick<RunInfo, 'agentDocId' | 'workflowDocId'> | undefined, highlight: SimulationHighlight | undefined): string | undefined {
  const exists = (id: string | undefined) => id !== undefined && project.docs.some((d) => d.id === id);
  if (exists(highlight?.docId)) return highlight?.docId;
  if (run && (exists(run.agentDocId) || exists(run.workflowDocId))) return exists(run.agentDocId) ? run.agentDocId : run.workflowDocId;
  const chosen = resolveChoice(project, choice);
  return chosen.agentDocId ?? chosen.workflowDocId;
}

/**
 * The simulated document's id, for the canvas in Simulate mode. Each selector returns a string,
 * so stepping (a new highlight object each step) or editing re-renders the caller only when the
 * document changes.
 */
export function useSimulatedDocId(): string | undefined {
  const choice = useSimulation((s) => s.choice);
  const highlighted = useSimulation((s) => s.highlight?.docId);
  const runAgent = useSimulation((s) => s.run?.agentDocId);
  const runWorkflow = useSimulation((s) => s.run?.workflowDocId);
  return useStudio((s) =>
    simulatedDocId(
      s.project,
      choice,
      runAgent !== undefined || runWorkflow !== undefined ? { ...(runAgent !== undefined ? { agentDocId: runAgent } : {}), ...(runWorkflow !== undefined ? { workflowDocId: runWorkflow } : {}) } : undefined,
      highlighted !== undefined ? { docId: highlighted } : undefined,
    ),
  );
}
