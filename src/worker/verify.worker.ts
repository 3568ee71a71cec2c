/**
 * The verifier's Web Worker: the same simulation service behind comlink, in a worker of its own,
 * so a long search never holds up (or starves the watch of) a run in the simulation worker.
 */
import { expose } from 'comlink';
import { createSimulationService } from './simulationService.ts';

expose(createSimulationService());
