/**
 * A page for end-to-end tests: exposes one function that runs a simulation request through the
 * same Web Worker client the simulator uses, so the browser's decisions can be compared with the
 * CLI's. It renders nothing and is linked from nowhere in the app.
 */
import { createSimulationClient } from '../worker/client.ts';
import type { SimulationRequest, SimulationResult } from '../worker/protocol.ts';
import type { Decision } from '../core/engine/decisions.ts';

const client = createSimulationClient();

async function runSimulation(request: SimulationRequest): Promise<{ result: SimulationResult; decisions: Decision[] }> {
  const decisions: Decision[] = [];
  const run = client.run(request, (chunk) => {
    decisions.push(...chunk.decisions);
  });
  return { result: await run.result, decisions };
}

(window as unknown as { runSimulation: typeof runSimulation }).runSimulation = runSimulation;
document.body.dataset.ready = 'true';
