/**
 * Canonical trace events (`traces.md` §1) as the engine sees them: times are whole milliseconds
 * since the Unix epoch (UTC), already validated.
 */
import { z } from 'zod';
import { Json } from '../model/toolRules.ts';
import { lazySchema } from '../model/lazySchema.ts';

/** Token usage carried by `tokens` events, `tool_call` and `model_end`. */
export const TokenUsage = lazySchema(() =>
  z.object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    cache_read: z.number().nonnegative().optional(),
    cache_creation: z.number().nonnegative().optional(),
  }),
);
export type TokenUsage = z.infer<typeof TokenUsage>;

/** A consent answer recorded on a tool call. */
export const ConsentAnswer = lazySchema(() =>
  z.union([
    z.enum(['approve_once', 'approve_scope', 'deny', 'timeout']),
    z.object({ approve_for: z.number().nonnegative() }),
  ]),
);
export type ConsentAnswer = z.infer<typeof ConsentAnswer>;

const base = () => ({ time: z.number().int() });

export const TraceEvent = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('batch_start'), ...base() }),
    z.object({ type: z.literal('process_start'), ...base() }),
    z.object({
      type: z.literal('tool_call'),
      ...base(),
      tool: z.string(),
      args: z.record(z.string(), Json).default({}),
      id: z.string().optional(),
      outcome: z.enum(['ok', 'error']).default('ok'),
      duration_ms: z.number().nonnegative().default(0),
      consent: ConsentAnswer.optional(),
      /**
       * What the tool returned (the `message` Letta packages into the tool's response): read by
       * Letta's conditional rules under profile `letta`, ignored otherwise.
       */
      output: z.string().optional(),
      tokens: TokenUsage.optional(),
      /**
       * Recorded logs only: this call's command or edit is also in the trace as its own `command` /
       * `file_edit` event (which always counts), so workflow metrics must not count it again from the call.
       */
      activity_recorded: z.literal(true).optional(),
    }),
    z.object({ type: z.literal('model_end'), ...base(), tokens: TokenUsage.optional() }),
    z.object({ type: z.literal('workflow_start'), ...base(), node: z.string().optional() }),
    z.object({
      type: z.literal('next'),
      ...base(),
      claims: z.array(z.string()).default([]),
      force: z.union([z.literal(true), z.array(z.string())]).optional(),
      /** A recorded landing: rules are evaluated, but the workflow lands here whatever they say. */
      to: z.string().optional(),
    }),
    z.object({ type: z.literal('continue'), ...base() }),
    z.object({ type: z.literal('repeat'), ...base() }),
    z.object({ type: z.literal('command'), ...base(), command: z.string(), tool: z.string().default('Bash') }),
    z.object({ type: z.literal('file_edit'), ...base(), path: z.string(), tool: z.string().default('Edit') }),
    z.object({
      type: z.literal('tokens'),
      ...base(),
      input: z.number().nonnegative(),
      output: z.number().nonnegative(),
      cache_read: z.number().nonnegative().optional(),
      cache_creation: z.number().nonnegative().optional(),
    }),
    z.object({ type: z.literal('commit'), ...base(), hash: z.string(), message: z.string().optional() }),
  ]),
);
/**
 * An event; `utcOffset` (minutes east of UTC, absent for `Z`) is the offset its time was written
 * with, set by the readers after validation (never read from the input's fields): hegel prints
 * times as written, so the `hegel` profile's texts need it.
 */
export type TraceEvent = z.infer<typeof TraceEvent> & { utcOffset?: number };
export type TraceEventType = TraceEvent['type'];

/**
 * One item of a read trace: a usable event, or a line that could not be used (it becomes an
 * `error` decision carrying the index the next usable event gets, and the replay goes on).
 */
export type TraceItem =
  | { kind: 'event'; event: TraceEvent; /** 1-based source line, when known. */ line?: number }
  | {
      kind: 'error';
      line: number;
      message: string;
      file?: string;
      /** The whole trace was refused (a scripted trace past its expansion budget): nothing of it was replayed. */
      refused?: true;
    };
