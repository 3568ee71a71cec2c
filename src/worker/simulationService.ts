/**
 * The simulation service that runs inside the Web Worker: loads the rule files, reads the traces
 * and replays them with the same engine module as the CLI, sending decisions back in chunks with
 * progress, and stopping between chunks when cancelled. Free of DOM and worker globals so Vitest
 * can drive it through a MessageChannel exactly as the page drives the worker.
 */
import { ruleLocator } from '../core/simulator/ruleLocation.ts';
import { loadRuleFile } from '../core/codecs/load.ts';
import { createReplay } from '../core/engine/replay.ts';
import type { Decision } from '../core/engine/decisions.ts';
import { prepareSimulation } from '../core/simulate.ts';
import { createCheckpoints } from '../core/simulator/checkpoints.ts';
import type { TraceItem } from '../core/traces/events.ts';
import { createStreamingReader, detectTraceFormat, mergeTraces, readTrace, scriptedItems } from '../core/traces/index.ts';
import { SimulationRequest, type SimulationApi, type SimulationChunk, type SimulationProgress, type SimulationResult } from './protocol.ts';
import { createSessionStore, type RunSession } from './sessions.ts';
import { recordedOutcomesOf } from '../core/permissions/claude/agreement.ts';
import { transfer } from 'comlink';
import { diffRuns, filterRowsOf, inspectRun, jsonlOf, nextViolationOf, overviewOf, summaryOfRuns, windowOf } from './inspect.ts';
import { runCoverage } from './coverage.ts';
import { runProjectTests } from './tests.ts';
import { minimiseRun } from './minimiseRun.ts';
import { runVerification } from './verifyRun.ts';
import { runCorpus } from './corpusRun.ts';
import { decoderFor, encodingOf } from '../core/text/decodeBytes.ts';
import { createCanonicalByteReader } from '../core/traces/canonicalBytes.ts';
import { RUN_MEMORY_BUDGET, RUN_STEP_BUDGET, estimateRunBytes, stoppedMessage } from './budget.ts';

/** Yields to the event loop so a cancel message can arrive between chunks. */
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** With `stream: 'steps'`: a chunk goes out at least this often while a run replays (and at every yield). */
const STEPS_CHUNK_MS = 100;

/** Items processed between two yields, whatever the number of decisions. */
const ITEMS_PER_SLICE = 20_000;

/** How much one run may hold (tests give small budgets; the worker uses the defaults of `budget.ts`). */
export interface ServiceBudgets {
  /** Steps one run replays at most. */
  steps?: number;
  /** Estimated bytes all kept runs may hold together. */
  memoryBytes?: number;
}

/** Items between two looks at the memory estimate (cheap, but not free). */
const MEMORY_CHECK_EVERY = 1_024;

export function createSimulationService(budgets: ServiceBudgets = {}): SimulationApi {
  const stepBudget = budgets.steps ?? RUN_STEP_BUDGET;
  const memoryBudget = budgets.memoryBytes ?? RUN_MEMORY_BUDGET;
  const cancelled = new Set<string>();
  const sessions = createSessionStore();
  /** Runs in progress: their decisions can be read in windows before they end. */
  const live = new Map<string, RunSession>();
  const sessionOf = (id: string) => sessions.get(id) ?? live.get(id);

  return {
    cancel(id) {
      cancelled.add(id);
    },

    async run(id, raw, onChunk) {
      const parsed = SimulationRequest.safeParse(raw);
      if (!parsed.success)
        return { status: 'invalid', diagnostics: [], message: `Malformed simulation request: ${parsed.error.issues[0]?.message ?? 'invalid'}`, decisions: 0, events: 0 };
      const req = parsed.data;
      const files = req.ruleFiles.map((f) => loadRuleFile(f.name, f.text));
      const prepared = prepareSimulation(files, {
        ...(req.settings.agent !== undefined ? { agentName: req.settings.agent } : {}),
        profile: req.settings.profile,
    errorOnEmpty: req.settings.errorOnEmpty === true,
      });
      if (!prepared.runnable)
        return { status: 'invalid', diagnostics: prepared.diagnostics, message: 'The rule files cannot be read, so the traces were not replayed.', decisions: 0, events: 0 };

      const replay = createReplay({
        ...(prepared.agent ? { agent: prepared.agent } : {}),
        ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
        settings: req.settings,
      });
      let pending: Decision[] = [];
      let pendingSteps: number[] = [];
      let decisions = 0;
      /** Kept for step-through, explanations, diffs and exports once the run ends. */
      const session: RunSession = {
        items: [],
        config: {
          ...(prepared.agent ? { agent: prepared.agent } : {}),
          ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
          settings: req.settings,
        },
        decisions: [],
        steps: [],
        run: { replay, checkpoints: createCheckpoints() },
        locateRule: ruleLocator(files, prepared.agent, prepared.workflow),
      };
      // A Claude Code transcript records whether the user rejected each call: explanations say so.
      const recorded = prepared.agent?.family === 'claude' ? recordedOutcomesOf(req.traces.flatMap((t) => ('text' in t ? [t.text] : []))) : undefined;
      if (recorded) session.recorded = recorded;
      const checkpoints = session.run?.checkpoints;
      checkpoints?.passed(0, replay);
      // One run at a time streams (the page cancels the current one before starting the next);
      // an earlier entry left by a run that threw is dropped here.
      live.clear();
      live.set(id, session);
      const stepsOnly = req.stream === 'steps';
      /** With `stream: 'steps'`: where in `session.steps` the next chunk starts. */
      let sent = 0;
      let lastChunkAt = performance.now();
      const progress: SimulationProgress = { items: 0 };
      let sinceYield = 0;
      const stepLimit = Math.min(req.maxSteps ?? stepBudget, stepBudget);
      /** Why the run stopped before the trace's end, when it did. */
      let stopped: string | undefined;
      const runBytes = () => estimateRunBytes(session.items.length, decisions, checkpoints?.bytes ?? 0);
      /** Over the memory budget, older runs go first; false when this run alone is past it. */
      const withinMemory = (): boolean => {
        while (runBytes() + sessions.bytesExcept(id) > memoryBudget) if (!sessions.dropOldestExcept(id)) break;
        const bytes = runBytes();
        if (bytes <= memoryBudget) return true;
        stopped = stoppedMessage({ kind: 'memory', bytes, budget: memoryBudget }, session.items.length);
        return false;
      };

      /** `last`: the run's final chunk, awaited so that every chunk is on the page before the result. */
      const flush = async (last = false) => {
        if (stepsOnly) {
          lastChunkAt = performance.now();
          const steps = Int32Array.from(session.steps.slice(sent));
          sent = session.steps.length;
          // not awaited: a chunk is small and sent at most every STEPS_CHUNK_MS, so the run never
          // waits for the page's answer (a busy page would slow the replay down)
          const sending = Promise.resolve(onChunk(transfer({ decisions: [], steps, count: sent, progress: { ...progress } }, [steps.buffer])));
          if (last) await sending;
          else void sending.catch(() => undefined);
          return;
        }
        if (pending.length === 0) return;
        const chunk: SimulationChunk = { decisions: pending, progress: { ...progress }, steps: pendingSteps };
        pending = [];
        pendingSteps = [];
        await onChunk(chunk);
      };
      /** Feeds items; returns false when the run was cancelled or stopped at a budget. */
      const feed = async (items: readonly TraceItem[]): Promise<boolean> => {
        if (stopped !== undefined) return false;
        checkpoints?.expect(expectedItems(progress, session.items.length + items.length));
        for (const item of items) {
          const step = session.items.length;
          if (step >= stepLimit) {
            stopped = stoppedMessage({ kind: 'steps', limit: stepLimit, requested: stepLimit === req.maxSteps }, step);
            return false;
          }
          if (step % MEMORY_CHECK_EVERY === 0 && !withinMemory()) return false;
          session.items.push(item);
          // straight into the run's decisions: no array per item
          const from = session.decisions.length;
          replay.pushInto(item, session.decisions);
          for (let k = from; k < session.decisions.length; k++) {
            if (!stepsOnly) {
              pending.push(session.decisions[k] as Decision);
              pendingSteps.push(step);
            }
            session.steps.push(step);
            decisions++;
          }
          checkpoints?.passed(session.items.length, replay);
          progress.items++;
          if (!stepsOnly && pending.length >= req.chunkSize) await flush();
          // steps and progress go out every STEPS_CHUNK_MS: the page's progress moves and its
          // watch sees the worker alive even when a slice takes long on a loaded machine
          else if (stepsOnly && (progress.items & 1023) === 0 && performance.now() - lastChunkAt >= STEPS_CHUNK_MS) await flush();
          if (++sinceYield >= ITEMS_PER_SLICE) {
            sinceYield = 0;
            await flush();
            await yieldToEvents();
            if (cancelled.has(id)) return false;
          }
        }
        return true;
      };

      const finish = async (ok: boolean): Promise<SimulationResult> => {
        await flush(true);
        cancelled.delete(id);
        session.bytes = runBytes();
        sessions.put(id, session);
        live.delete(id);
        const status = stopped !== undefined ? 'stopped' : ok ? 'done' : 'cancelled';
        // Once the result is sent: ready the step back from the end (the first thing a user does).
        if (status !== 'cancelled') setTimeout(() => sessions.stepper(id)?.prepareBack(), 0);
        return {
          status,
          diagnostics: prepared.diagnostics,
          ...(stopped !== undefined ? { message: stopped } : {}),
          decisions,
          events: replay.snapshot().events,
          items: session.items.length,
        };
      };

      const only = req.traces.length === 1 ? req.traces[0] : undefined;
      if (only && 'blob' in only) {
        const ok = await streamBlob(only.name, only.blob, progress, feed);
        return finish(ok);
      }
      if (only) {
        const ok = await streamText(only.name, only.text, progress, feed);
        return finish(ok);
      }
      const perFile: TraceItem[][] = [];
      for (const t of req.traces) perFile.push(readTrace(t.name, 'text' in t ? t.text : await t.blob.text()).items);
      const items = mergeTraces(perFile);
      progress.totalItems = items.length;
      return finish(await feed(items));
    },

    async inspect(id, step, seq) {
      const session = sessions.get(id);
      const stepper = sessions.stepper(id);
      return session && stepper ? inspectRun(session, stepper, step, seq) : undefined;
    },
    async nextViolation(id, fromSeq) {
      const session = sessions.get(id);
      return session ? nextViolationOf(session, fromSeq) : undefined;
    },
    async diff(beforeId, afterId, limit) {
      const a = sessions.get(beforeId);
      const b = sessions.get(afterId);
      return a && b ? diffRuns(a, b, limit) : undefined;
    },
    async summary(ids) {
      const found = ids.map((i) => sessions.get(i));
      return found.length > 0 && found.every((s) => s !== undefined) ? summaryOfRuns(found as RunSession[]) : undefined;
    },
    coverage: (request) => runCoverage(request),
    runTests: async (request) => runProjectTests(request),
    async minimise(id, request, onProgress) {
      try {
        return await minimiseRun((runId) => sessions.get(runId), request, onProgress, () => cancelled.has(id));
      } finally {
        cancelled.delete(id);
      }
    },
    async verify(id, request, onProgress) {
      try {
        return await runVerification(request, onProgress, () => cancelled.has(id));
      } finally {
        cancelled.delete(id);
      }
    },
    async corpus(id, request, onProgress) {
      try {
        return await runCorpus(request, onProgress, () => cancelled.has(id));
      } finally {
        cancelled.delete(id);
      }
    },
    async decisions(id, from, to, named) {
      const session = sessionOf(id);
      return session ? windowOf(session, from, to, named) : undefined;
    },
    async filterRows(id, filter, from) {
      const session = sessionOf(id);
      if (!session) return undefined;
      const found = filterRowsOf(session, filter, from);
      return transfer(found, [found.rows.buffer]);
    },
    async overview(id, bins) {
      const session = sessions.get(id);
      return session ? overviewOf(session, bins) : undefined;
    },
    async jsonl(id) {
      const session = sessions.get(id);
      return session ? jsonlOf(session) : undefined;
    },
    release(id) {
      sessions.release(id);
      live.delete(id);
    },
    ping: () => Promise.resolve(true as const),
  };
}

/**
 * How many items the run will have in all, as far as can be told: the count when the items were
 * read at once, else the items so far scaled by the share of the bytes read (0: not known, as for
 * a scripted trace expanded lazily).
 */
export function expectedItems(progress: SimulationProgress, itemsSoFar: number): number {
  if (progress.totalItems !== undefined) return progress.totalItems;
  if (progress.totalBytes !== undefined && progress.bytes !== undefined && progress.bytes > 0)
    return Math.round((itemsSoFar * progress.totalBytes) / progress.bytes);
  return 0;
}

/** Text is fed to a line reader in slices of this many characters. */
const TEXT_SLICE = 1 << 20;

/**
 * Streams one trace given as text through its format's line reader, slice by slice, so the first
 * decisions come at once and a cancel is seen within a slice (reading the whole of a large trace
 * first would hold both for the whole parse). Whole-document formats are read at once.
 */
async function streamText(
  name: string,
  text: string,
  progress: SimulationProgress,
  feed: (items: readonly TraceItem[]) => Promise<boolean>,
): Promise<boolean> {
  const format = detectTraceFormat(name, text.slice(0, 65536));
  // A scripted trace is expanded lazily, a slice at a time: a long expansion never holds the worker.
  if (format === 'scripted') return feedSlices(scriptedItems(text, name), feed);
  const reader = createStreamingReader(format, name);
  if (!reader) {
    const items = readTrace(name, text).items;
    progress.totalItems = items.length;
    return feed(items);
  }
  progress.totalBytes = text.length;
  progress.bytes = 0;
  for (let i = 0; i < text.length; i += TEXT_SLICE) {
    const slice = text.slice(i, i + TEXT_SLICE);
    progress.bytes = i + slice.length;
    if (!(await feed(reader.push(slice)))) return false;
  }
  return feed(reader.end());
}

/** Feeds items from a lazy source in slices (the feed yields to the event loop between them). */
async function feedSlices(source: Iterable<TraceItem>, feed: (items: readonly TraceItem[]) => Promise<boolean>): Promise<boolean> {
  let slice: TraceItem[] = [];
  for (const item of source) {
    slice.push(item);
    if (slice.length < ITEMS_PER_SLICE) continue;
    if (!(await feed(slice))) return false;
    slice = [];
  }
  return feed(slice);
}

/** Streams a Blob through its format's line reader (or reads it whole when the format needs it). */
async function streamBlob(
  name: string,
  blob: Blob,
  progress: SimulationProgress,
  feed: (items: readonly TraceItem[]) => Promise<boolean>,
): Promise<boolean> {
  progress.totalBytes = blob.size;
  progress.bytes = 0;
  const headBytes = new Uint8Array(await blob.slice(0, 65536).arrayBuffer());
  const format = detectTraceFormat(name, decoderFor(headBytes).decode(headBytes));
  if (format === 'scripted') {
    const text = decoderFor(headBytes).decode(await blob.arrayBuffer());
    progress.bytes = blob.size;
    return feedSlices(scriptedItems(text, name), feed);
  }
  const source = blob.stream().getReader();
  if (format === 'canonical' && encodingOf(headBytes) === 'utf-8') {
    // the usual lines are parsed from their bytes: no text is decoded for them (as the CLI reads)
    const bytes = createCanonicalByteReader({ file: name });
    for (;;) {
      const { done, value } = await source.read();
      if (done) break;
      progress.bytes += value.byteLength;
      if (!(await feed(bytes.push(value)))) {
        await source.cancel();
        return false;
      }
    }
    return feed(bytes.end());
  }
  const reader = createStreamingReader(format, name);
  if (!reader) {
    await source.cancel();
    const items = readTrace(name, decoderFor(headBytes).decode(await blob.arrayBuffer())).items;
    progress.totalItems = items.length;
    progress.bytes = blob.size;
    return feed(items);
  }
  const decoder = decoderFor(headBytes);
  for (;;) {
    const { done, value } = await source.read();
    if (done) break;
    progress.bytes += value.byteLength;
    if (!(await feed(reader.push(decoder.decode(value, { stream: true }))))) {
      await source.cancel();
      return false;
    }
  }
  return feed([...reader.push(decoder.decode()), ...reader.end()]);
}
