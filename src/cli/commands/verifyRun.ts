/** `verify`'s run: explores every agent's rules and every workflow's sessions, and reports findings with their traces (see `verify.ts`). */
import { checkFiles } from '../../core/check.ts';
import { verifyFiles, type FilesVerification, type VerifyDiagnostic } from '../../core/verify/explore.ts';
import { DEFAULT_MAX_STATES } from '../../core/verify/limits.ts';
import type { CounterexampleStep } from '../../core/verify/findings.ts';
import { EXIT, type CliContext } from '../context.ts';
import { termSafe } from '../escape.ts';
import { formatDiagnostic, summarize } from '../format.ts';
import { UsageError, type ParsedArgs } from '../registry.ts';
import { settingsFromArgs } from './simulateOptions.ts';
import { exitCodeOf, formatOf, jsonDiagnostic, printDiagnostics } from './diagnosticOutput.ts';
import { loadRuleInputs } from './ruleInputs.ts';

/** A counterexample's steps on one line: `a → b → end`, `next plan_complete`, waits as `(wait 5000 ms)`. */
function stepsLine(steps: readonly CounterexampleStep[]): string {
  return steps
    .map((s) => {
      const wait = s.after ? `(wait ${s.after} ms) ` : '';
      if ('call' in s) return `${wait}${s.call}`;
      if ('end' in s) return `${wait}end`;
      if ('next' in s) return `${wait}next ${s.next.length > 0 ? s.next.join(',') : '(stay)'}`;
      if ('bash' in s) return `${wait}bash ${s.bash}`;
      if ('edit' in s) return `${wait}edit ${s.edit}`;
      if ('tokens' in s) return `${wait}${s.tokens.input + s.tokens.output} tokens`;
      return `${wait}${Object.keys(s)[0] ?? '?'}`;
    })
    .join(' → ');
}

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'agent';
}

function writeTraces(ctx: CliContext, dir: string, result: FilesVerification): Map<VerifyDiagnostic, string> {
  const written = new Map<VerifyDiagnostic, string>();
  if (!ctx.writeText) throw new UsageError('--traces: this context cannot write files');
  const counts = new Map<string, number>();
  for (const d of result.diagnostics) {
    if (!d.trace || (d.target.kind !== 'agent' && d.target.kind !== 'workflow')) continue;
    const stem = `${safeName(d.target.kind === 'agent' ? d.target.agent : d.target.workflow)}-${d.code}`;
    const n = (counts.get(stem) ?? 0) + 1;
    counts.set(stem, n);
    const path = `${dir.replace(/\/+$/, '')}/${stem}-${n}.yaml`;
    ctx.writeText(path, d.trace.yaml);
    written.set(d, path);
  }
  return written;
}

export function runVerify(args: ParsedArgs, ctx: CliContext): number {
  // The deadline counts from the start: reading, checking and building the model are within it.
  const started = performance.now();
  const settings = settingsFromArgs(args);
  const maxStates = Number(args.value('max-states') ?? DEFAULT_MAX_STATES);
  const format = formatOf(args);
  const files = loadRuleInputs(ctx, args.positionals, { skipOthers: args.flag('skip-non-rule-files') });
  const statics = checkFiles(files, settings.profile ?? 'spec');
  // A file with errors is not verified; the others are (review14: one broken example stopped
  // `verify examples/` as a whole). Its errors are reported beside the findings, and the exit code says so.
  const staticErrors = statics.filter((x) => x.severity === 'error');
  const broken = new Set(staticErrors.map((d) => d.file));
  const usable = files.filter((f) => !broken.has(f.file));
  if (broken.size > 0) {
    const names = [...broken].join(', ');
    ctx.err(
      usable.length === 0
        ? 'rule-studio verify: the rule files have errors (see `rule-studio check`), so nothing was verified'
        : `rule-studio verify: ${broken.size === 1 ? 'a file has' : `${broken.size} files have`} errors (see \`rule-studio check\`) and ${broken.size === 1 ? 'was' : 'were'} not verified: ${termSafe(names)}`,
    );
    if (format === 'text') for (const d of staticErrors) ctx.err(formatDiagnostic(d));
  }
  if (usable.length === 0) {
    if (format !== 'text') printDiagnostics(ctx, args, staticErrors, format, format === 'json' ? { agents: [], workflows: [] } : {});
    return EXIT.errors;
  }
  // Time is bounded as well as states: past --max-seconds the search stops as at the state bound
  // (polled every few dozen moves, within a state too) and reports what it proved; a long search
  // says how far it got on stderr every 10 s.
  const maxSeconds = Number(args.value('max-seconds') ?? 60);
  const deadline = started + maxSeconds * 1000;
  let timedOut = false;
  let lastReport = started;
  const limits = {
    maxStates,
    cancelled: () => (timedOut ||= performance.now() > deadline),
    onProgress: (p: { states: number; depth: number }) => {
      const now = performance.now();
      if (now - lastReport < 10_000) return;
      lastReport = now;
      ctx.err(`rule-studio verify: ${Math.round((now - started) / 1000)} s, ${p.states.toLocaleString('en-US')} states explored, every sequence of up to ${p.depth} moves so far`);
    },
  };
  const result = verifyFiles(usable, settings, limits, settings.agent);
  /** The findings with the errors of the files not verified first (machine formats report both). */
  const reported = [...staticErrors, ...result.diagnostics];
  if (timedOut) ctx.err(`rule-studio verify: the search stopped at the time limit (--max-seconds ${maxSeconds}); what it proved by then is below`);
  const dir = args.value('traces');
  const written = dir === undefined ? new Map<VerifyDiagnostic, string>() : writeTraces(ctx, dir, result);
  const withFile = (d: VerifyDiagnostic) => ({ ...jsonDiagnostic(d), ...(written.has(d) ? { traceFile: written.get(d) } : {}) });
  if (format === 'json') {
    const agents = result.agents.map((a) => ({
      agent: a.agent,
      file: a.file,
      stats: a.stats,
      findings: result.diagnostics.filter((d) => d.file === a.file && d.target.kind === 'agent' && d.target.agent === a.agent).map(withFile),
    }));
    const workflows = result.workflows.map((w) => ({
      workflow: w.workflow,
      file: w.file,
      stats: w.stats,
      findings: result.diagnostics.filter((d) => d.file === w.file && d.target.kind === 'workflow' && d.target.workflow === w.workflow).map(withFile),
    }));
    return printDiagnostics(ctx, args, reported, 'json', { agents, workflows });
  }
  if (format === 'sarif' || format === 'github') return printDiagnostics(ctx, args, reported, format);
  const quiet = args.flag('quiet');
  for (const d of result.diagnostics) {
    if (quiet && d.severity !== 'error') continue;
    ctx.out(formatDiagnostic(d));
    if (d.trace) {
      const file = written.get(d);
      ctx.out(termSafe(`  trace: ${stepsLine(d.trace.steps)} (step ${d.trace.step})${file ? `, written to ${file}` : ''}`));
    }
  }
  if (result.agents.length === 0 && result.workflows.length === 0) ctx.err('rule-studio verify: the files hold no agent or workflow to verify');
  const subjects = [...result.agents.map((a) => ({ name: a.agent, ...a })), ...result.workflows.map((w) => ({ name: w.workflow, ...w }))];
  for (const a of subjects) {
    const verdict = a.stats.exhaustive
      ? `every reachable state explored (${a.stats.states} states): what is not reported does not happen`
      : a.stats.settled
        ? `every phase and done reached without an interrupt and every rule fired within ${a.stats.states} states: nothing left to find`
        : `search stopped at ${a.stats.states} states: proved for every sequence of up to ${a.stats.depth} moves`;
    ctx.err(termSafe(`${a.name} (${a.file}): ${verdict}`));
  }
  ctx.err(summarize(reported));
  return exitCodeOf(ctx, args, reported);
}
