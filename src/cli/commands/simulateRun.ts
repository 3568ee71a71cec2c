/** `simulate`'s run: replays traces through the rules and prints the decisions (see `simulate.ts`). */
import { createReplay } from '../../core/engine/replay.ts';
import type { Decision } from '../../core/engine/decisions.ts';
import { createDecisionWriter } from '../../core/engine/decisionWriter.ts';
import { prepareSimulation, refusalsOf } from '../../core/simulate.ts';
import type { Profile } from '../../core/engine/settings.ts';
import { agreementText, createAgreementTracker, recordedOutcomes, type RecordedOutcome } from '../../core/permissions/claude/agreement.ts';
import { createProfileComparison, serializeProfileDiffEntry, serializeProfileDiffSummary } from '../../core/simulator/compareProfiles.ts';
import type { TraceItem } from '../../core/traces/events.ts';
import { mergeTraces, readTrace } from '../../core/traces/index.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import type { ParsedArgs } from '../registry.ts';
import { settingsFromArgs } from './simulateOptions.ts';
import { streamTrace } from './streamTrace.ts';
import { loadFiles } from './loadFiles.ts';
import { checkCommand, isCodexRollout, loadCodexRules, readCodexRollout, readCodexScript, replayCodexCall, toCodexJson, type RulesFileInput } from '../../core/permissions/codex/index.ts';
import { checkToolCall, isGeminiSession, loadGeminiPolicies, readGeminiScript, readGeminiSession, replayGeminiCall } from '../../core/permissions/gemini/index.ts';
import { codexCallJson, geminiCallJson, geminiRuleJson } from './permissionRecords.ts';
import { permissionDialectOf } from './permissionDialect.ts';

/**
 * Replays the traces (merged by time) and prints the decision stream as JSONL. A single
 * line-based trace is streamed, so memory stays bounded by the rules and windows, not the trace
 * length.
 */
export async function runSimulate(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const traces = args.list('trace');
  const dialect = permissionDialectOf(ctx, args.positionals);
  if (dialect?.kind === 'codex') return simulateCodex(args, ctx, traces, dialect.files);
  if (dialect?.kind === 'gemini') return simulateGemini(dialect.files, ctx, traces);
  const settings = settingsFromArgs(args);

  const files = loadFiles(ctx, args.positionals);
  const prepared = prepareSimulation(files, {
    ...(settings.agent !== undefined ? { agentName: settings.agent } : {}),
    profile: settings.profile,
    errorOnEmpty: settings.errorOnEmpty === true,
    // Only errors are printed: warnings are not made, so none is located in the rule file's text.
    errorsOnly: true,
  });
  if (!prepared.runnable) {
    for (const d of refusalsOf(prepared.diagnostics)) ctx.err(formatDiagnostic(d));
    ctx.err('rule-studio simulate: the rule files cannot be read, so the traces were not replayed');
    return EXIT.errors;
  }
  // A rule set with errors (a cycle, MaxCalls 0, a tool that can never run…) replays as the
  // runtimes run it; its errors go to stderr beside the run, so the decisions on stdout stay JSONL.
  const errors = prepared.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) ctx.err(formatDiagnostic(d));
  if (errors.length > 0)
    ctx.err(`rule-studio simulate: the rule files have ${errors.length === 1 ? 'an error' : `${errors.length} errors`} (above); replayed as they read`);

  const config = {
    ...(prepared.agent ? { agent: prepared.agent } : {}),
    ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
    settings,
  };
  // The decision stream goes out as bytes in batches of ~64 KB of whole lines, built in one reused
  // buffer; without a byte output (tests) each batch goes through `out` as text.
  const other = args.value('compare-profile') as Profile | undefined;
  const comparison = other === undefined ? undefined : createProfileComparison(config, other);
  // The writer reads each decision's time from the replay's clock before the next push: no ISO
  // text per event, and no number boxed.
  const replay = comparison ? undefined : createReplay({ ...config, timesAsMs: true });
  const decoder = new TextDecoder();
  const writer = createDecisionWriter({
    sink: ctx.outBytes ? (bytes) => ctx.outBytes?.(bytes) : (bytes) => ctx.out(decoder.decode(bytes)),
    escape: jsonTermSafe,
    ...(replay ? { clock: replay.timeClock } : {}),
  });
  // Decisions are appended to one list and written as each item gives them (before the next push:
  // `timesAsMs`); the list is emptied once it holds 64, not after every item (emptying drops its
  // backing store, so the next push allocates again), and never holds many written decisions.
  const decisions: Decision[] = [];
  let written = 0;
  // Claude Code settings against transcripts: what the session recorded (a call the user rejected,
  // one that ran) beside what the rules decide, summed up on stderr.
  const agreement = prepared.agent?.family === 'claude' ? createAgreementTracker(recordedOf(traces, ctx)) : undefined;
  // A trace none of whose lines is usable (all bad JSON, binary, a script over its budget) fails
  // the run, so a CI job sees it; one usable line is a replay.
  let usable = 0;
  let unusable = 0;
  /** The message of a trace refused whole (a scripted trace past its expansion budget). */
  let refused: string | undefined;
  /** Whether the traces start the workflow, and move it on: without either it decides nothing. */
  let sawStart = false;
  let sawNext = false;
  /** Only a workflow's note reads them: without one, no event is looked at for them. */
  let watchFlow = prepared.workflow !== undefined;
  const one = (item: TraceItem) => {
    if (item.kind === 'error') {
      unusable++;
      if (item.refused) refused = item.message;
    } else {
      usable++;
      if (watchFlow) {
        const type = item.event.type;
        if (type === 'next') sawNext = true;
        else if (type === 'workflow_start') sawStart = true;
        watchFlow = !sawNext;
      }
    }
    if (comparison) for (const e of comparison.push(item)) writer.writeLine(serializeProfileDiffEntry(e, comparison.profiles));
    else if (replay) {
      const from = decisions.length;
      replay.pushInto(item, decisions);
      if (agreement && item.kind === 'event') agreement.observe(item.event, usable - 1, decisions.slice(from));
      for (; written < decisions.length; written++) writer.write(decisions[written] as Decision);
      if (written >= 64) decisions.length = written = 0;
    }
  };

  const only = traces.length === 1 ? traces[0] : undefined;
  if (only !== undefined && ctx.readByteChunks) await streamTrace(only, ctx.readByteChunks(only), one);
  else for (const item of mergeTraces(traces.map((t) => readTrace(t, ctx.readText(t)).items))) one(item);
  if (comparison) writer.writeLine(serializeProfileDiffSummary(comparison.summary()));
  writer.flush();
  if (agreement && agreement.summary().compared > 0) ctx.err(agreementText(agreement.summary(), termSafe));
  // The record stays on stdout for JSONL readers; the exit code and stderr say the trace was refused.
  if (refused !== undefined) {
    ctx.err(`rule-studio simulate: ${refused}`);
    return EXIT.unreadable;
  }
  if (usable === 0 && unusable > 0) {
    const n = unusable.toLocaleString('en-US');
    ctx.err(`rule-studio simulate: no line of the trace was usable (${n} unusable line${unusable === 1 ? '' : 's'}, each reported as an error decision), so nothing was replayed`);
    return EXIT.errors;
  }
  const onNext = (settings.evaluateOn ?? 'next') === 'next';
  if (prepared.workflow && !sawNext && (onNext || !sawStart)) ctx.err(silentWorkflowNote(traces.length, sawStart));
  return EXIT.ok;
}

/** The outcomes the traces record per `tool_use` id (Claude Code transcripts; others record none). */
function recordedOf(traces: readonly string[], ctx: CliContext): Map<string, RecordedOutcome> {
  const all = new Map<string, RecordedOutcome>();
  for (const t of traces) for (const [id, o] of recordedOutcomes(ctx.readText(t))) all.set(id, o);
  return all;
}

/**
 * Why a workflow decided nothing: the traces never start it (`workflow_start`) nor move it on
 * (`next`) — a hegel hooks log records tool use, not phase changes; hegel's states.jsonl records
 * them — or they start it but, on the default `--evaluate-on next`, no `next` comes to judge its rules.
 */
function silentWorkflowNote(traceCount: number, started: boolean): string {
  const has = traceCount === 1 ? 'the trace has' : 'the traces have';
  const states = "pass hegel's states.jsonl beside the hooks log (--trace hooks.jsonl states.jsonl): it records the start and each transition";
  return started
    ? `rule-studio simulate: the workflow decided nothing: its rules are judged on each \`next\` (--evaluate-on next, the default) and ${has} none. Pass --evaluate-on every_event to judge them at every event, or ${states}.`
    : `rule-studio simulate: the workflow decided nothing: ${has} no \`workflow_start\` or \`next\` event, so it never started (a hegel hooks log records tool use, not phase changes). To replay it, ${states}.`;
}

/**
 * Codex execpolicy: each command of the scripted traces decided by the `.rules` files (read in
 * order), one JSON line per command: its trace, line and argv, and `codex execpolicy check`'s
 * result (`matchedRules`, `decision`). `--resolve-host-executables` as in Codex.
 */
function simulateCodex(args: ParsedArgs, ctx: CliContext, traces: readonly string[], files: readonly RulesFileInput[]): number {
  const load = loadCodexRules(files);
  if (load.refused) {
    for (const d of load.diagnostics) ctx.err(formatDiagnostic(d));
    ctx.err('rule-studio simulate: Codex refuses these rule files, so the traces were not replayed');
    return EXIT.errors;
  }
  let bad = false;
  for (const trace of traces) {
    const text = ctx.readText(trace);
    if (isCodexRollout(text)) {
      // A Codex session log: each exec call decided (every command of a plain `bash -lc` script),
      // with what the log recorded and whether the rules agree with it.
      const session = readCodexRollout(trace, text);
      for (const d of session.diagnostics) {
        bad = true;
        ctx.err(formatDiagnostic(d));
      }
      for (const c of session.calls) {
        const r = replayCodexCall(load.policy, c, { resolveHostExecutables: args.flag('resolve-host-executables') });
        ctx.out(jsonTermSafe(JSON.stringify(codexCallJson(trace, r))));
      }
      continue;
    }
    const script = readCodexScript(text);
    for (const e of script.errors) {
      bad = true;
      ctx.err(`${termSafe(trace)}:${e.line}: ${e.message}`);
    }
    for (const c of script.commands) {
      const result = toCodexJson(checkCommand(load.policy, c.argv, { resolveHostExecutables: args.flag('resolve-host-executables') })) as object;
      ctx.out(jsonTermSafe(JSON.stringify({ trace, line: c.line, argv: c.argv, ...result })));
    }
  }
  return bad ? EXIT.errors : EXIT.ok;
}

/**
 * Gemini CLI policies: each tool call of the scripted traces (JSONL `{"tool", "args", "mode"?}`)
 * decided as Gemini's PolicyEngine decides it, one JSON line per call: its trace, line, tool,
 * mode, the decision and the deciding rule (file, line, tier, priority), or none for the default.
 */
function simulateGemini(files: Parameters<typeof loadGeminiPolicies>[0], ctx: CliContext, traces: readonly string[]): number {
  const load = loadGeminiPolicies(files);
  for (const d of load.diagnostics.filter((x) => x.severity === 'error')) ctx.err(formatDiagnostic(d));
  if (load.engineError !== undefined) {
    ctx.err(`rule-studio simulate: Gemini's policy engine refuses to start (${termSafe(load.engineError)}), so the traces were not replayed`);
    return EXIT.errors;
  }
  let bad = false;
  for (const trace of traces) {
    const text = ctx.readText(trace);
    if (isGeminiSession(text)) {
      // A Gemini CLI session log: each recorded tool call decided again, with what the log recorded.
      const session = readGeminiSession(trace, text);
      for (const d of session.diagnostics) {
        bad = true;
        ctx.err(formatDiagnostic(d));
      }
      for (const c of session.calls) {
        ctx.out(jsonTermSafe(JSON.stringify(geminiCallJson(trace, c, replayGeminiCall(load.rules, c)))));
      }
      continue;
    }
    const script = readGeminiScript(text);
    for (const e of script.errors) {
      bad = true;
      ctx.err(`${termSafe(trace)}:${e.line}: ${e.message}`);
    }
    for (const c of script.calls) {
      const mode = c.mode ?? 'default';
      const e = checkToolCall(load.rules, c.args === undefined ? { name: c.tool } : { name: c.tool, args: c.args }, { mode, nonInteractive: c.nonInteractive === true });
      ctx.out(jsonTermSafe(JSON.stringify({ trace, line: c.line, tool: c.tool, mode, decision: e.decision, rule: geminiRuleJson(e.rule) })));
    }
  }
  return bad ? EXIT.errors : EXIT.ok;
}
