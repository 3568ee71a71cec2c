/**
 * Verify's findings (deadlocks, dead tools, stuck workflows) for open documents, off the request
 * path: debounced per document, run a slice at a time between other messages (the search yields
 * every few hundred states and the next slice waits for `setImmediate`), stopped by a newer
 * version of the document or by the time budget, as `verify --max-seconds` stops.
 */
import { hasErrors } from '../../core/check.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import type { ReplaySettingsInput } from '../../core/engine/settings.ts';
import { verifyFilesSteps } from '../../core/verify/explore.ts';

export interface VerifyOptions {
  /** Quiet time after the last change before verifying (ms). */
  debounceMs: number;
  /** Time budget of one verification (ms); past it the search reports what it proved so far. */
  budgetMs: number;
  /** Bound on explored states, as `verify --max-states`. */
  maxStates: number;
}

export const DEFAULT_VERIFY_OPTIONS: VerifyOptions = {
  debounceMs: 600,
  budgetMs: 5000,
  maxStates: 20_000,
};

/** Schedules verifications and hands each finished one's diagnostics to `publish`. */
export class VerifyScheduler {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly generation = new Map<string, number>();

  constructor(
    private readonly publish: (uri: string, findings: Diagnostic[]) => void,
    private readonly options: VerifyOptions = DEFAULT_VERIFY_OPTIONS,
  ) {}

  /** Verifies `loaded` after the debounce, unless `statics` has errors (then verify would refuse too). */
  schedule(
    uri: string,
    loaded: LoadedFile,
    statics: readonly Diagnostic[],
    settings: ReplaySettingsInput = {},
  ): void {
    const gen = (this.generation.get(uri) ?? 0) + 1;
    this.generation.set(uri, gen);
    clearTimeout(this.timers.get(uri));
    if (hasErrors(statics) || (loaded.agents.length === 0 && loaded.workflows.length === 0)) return;
    this.timers.set(
      uri,
      setTimeout(() => this.run(uri, loaded, gen, settings), this.options.debounceMs),
    );
  }

  /** Forgets a closed document (a running search stops at its next slice). */
  forget(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.generation.set(uri, (this.generation.get(uri) ?? 0) + 1);
  }

  private run(uri: string, loaded: LoadedFile, gen: number, settings: ReplaySettingsInput): void {
    this.timers.delete(uri);
    const deadline = performance.now() + this.options.budgetMs;
    const stale = () => this.generation.get(uri) !== gen;
    const steps = verifyFilesSteps([loaded], settings, {
      maxStates: this.options.maxStates,
      cancelled: () => stale() || performance.now() > deadline,
    });
    const slice = () => {
      if (stale()) return;
      let r: IteratorResult<unknown, { diagnostics: Diagnostic[] }>;
      try {
        r = steps.next();
      } catch {
        return; // A verifier failure must not take the server down; check's diagnostics stand.
      }
      if (r.done) {
        if (!stale())
          this.publish(
            uri,
            r.value.diagnostics.map(({ code, severity, message, file, range, target, fix }) => ({
              code,
              severity,
              message,
              file,
              range,
              target,
              ...(fix ? { fix } : {}),
            })),
          );
        return;
      }
      setImmediate(slice);
    };
    slice();
  }
}
