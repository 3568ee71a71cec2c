/** The simulation Web Worker: the simulation service behind comlink. */
import { expose } from 'comlink';
import { createSimulationService } from './simulationService.ts';

expose(createSimulationService());
