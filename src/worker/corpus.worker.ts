/**
 * The corpus replay's Web Worker: the same simulation service behind comlink, in a worker of its
 * own, so replaying a folder of sessions never holds up a run, the tests or the verifier.
 */
import { expose } from 'comlink';
import { createSimulationService } from './simulationService.ts';

expose(createSimulationService());
