/**
 * The typed protocol between the page and the simulation Web Worker. Requests are validated with
 * zod on arrival: the worker trusts nothing it is sent.
 */
import { z } from 'zod';
import { ReplaySettings } from '../core/engine/settings.ts';
import type { Decision } from '../core/engine/decisions.ts';
import type { Diagnostic } from '../core/diagnostics/types.ts';

const NamedText = z.object({ name: z.string(), text: z.string() });
/** A trace given as text, or as a Blob/File the worker streams (large recordings). */
const NamedTrace = z.union([NamedText, z.object({ name: z.string(), blob: z.instanceof(Blob) })]);

export const SimulationRequest = z.object({
  ruleFiles: z.array(NamedText),
  traces: z.array(NamedTrace).min(1),
  settings: ReplaySettings.partial().default({}),
  /** Decisions per chunk sent back to the page. */
  chunkSize: z.number().int().min(1).max(100_000).default(2_000),
});
export type SimulationRequest = z.input<typeof SimulationRequest>;

export interface SimulationProgress {
  /** Trace items (events and bad lines) processed so far. */
  items: number;
  /** Total items when known (whole-text traces), else undefined. */
  totalItems?: number;
  /** Bytes read so far and in all, for streamed traces. */
  bytes?: number;
  totalBytes?: number;
}

/** A batch of decisions, in order, with progress. */
export interface SimulationChunk {
  decisions: Decision[];
  progress: SimulationProgress;
}

export interface SimulationResult {
  /** `invalid`: the rule files have errors (see diagnostics) or the request was malformed. */
  status: 'done' | 'cancelled' | 'invalid';
  diagnostics: Diagnostic[];
  /** A one-line explanation when status is `invalid`. */
  message?: string;
  decisions: number;
  events: number;
}

/** The API the worker exposes (through comlink). */
export interface SimulationApi {
  run(id: string, request: SimulationRequest, onChunk: (chunk: SimulationChunk) => void | Promise<void>): Promise<SimulationResult>;
  cancel(id: string): void;
}
