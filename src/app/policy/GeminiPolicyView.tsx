/**
 * The Policy view for Gemini CLI policies (issue 24): the project's policy files (each with its
 * tier), each `[[rule]]` table in Gemini's order — highest effective priority (tier +
 * priority/1000) first — with the calls of the loaded traces it decided; the allow / ask_user /
 * deny / no-rule totals; a call shows its decision and the deciding rule (why). What-if and Apply
 * as every dialect has them (`RuleReportView`): an edit replaces only that table's text. Traces
 * are read by the core's `readGeminiTrace` (scripted `{tool, args}` JSONL, and the readers that
 * join it); the core's `geminiPolicyReport` / `geminiWhatIf`, in the policy worker.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import type { GeminiFileInput } from '../../core/permissions/gemini/policy.ts';
import type { GeminiCallRow, GeminiPolicyReport } from '../../core/permissions/gemini/policyReport.ts';
import type { RuleDoc } from '../state/documents.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { codecs } from '../state/codecs.ts';
import { count } from './policyText.ts';
import { runGeminiReport, runGeminiWhatIf } from './policyClient.ts';
import { RuleReportView, writeRuleEdit, type WhatIfResult } from './RuleReportView.tsx';
import { useWorkerAnswer } from './useWorkerAnswer.ts';
import { refusalOf, usePolicySessions, withRuleText, filesAsWritten } from './policyInputs.ts';
import { useLivePolicy } from './LivePolicy.tsx';
import { PolicyFilesPicker, useCountedFiles } from './policyFiles.tsx';
import { PolicySaveAsTest, sessionsOf } from './PolicySaveAsTest.tsx';
import { TranslateButton, TranslatePanel, useTranslateOpen } from './TranslatePanel.tsx';
import { TryCall } from './TryCall.tsx';
import { geminiTryTrace } from './tryCallText.ts';

const DECISIONS = [
  { key: 'allow', label: 'Allowed' },
  { key: 'ask_user', label: 'Asked', tone: 'warning' as const },
  { key: 'deny', label: 'Denied', tone: 'error' as const },
  { key: 'none', label: 'No rule' },
];
/** The decisions a followed session's new call is notified for. */
const FLAGGED = ['deny', 'ask_user'];
const callLine = (c: GeminiCallRow) => codecs().geminiCallText(c.call);
/** A call no table decided counts under `none` too (Gemini's default decided it). */
const geminiDecisions = (c: GeminiCallRow) => (c.rule === undefined && c.synthetic === undefined ? [c.decision, 'none'] : [c.decision]);
const COLUMNS = [{ label: 'Tier', width: '84px', optional: true }, { label: 'Priority', num: true }, { label: 'Decided', num: true, total: true }];

const docOf = (docs: readonly RuleDoc[], path: string) => docs.find((d) => d.kind === 'agent' && d.agent.family === 'gemini' && d.agent.geminiPolicies?.some((f) => f.path === path));

/**
 * Why Gemini decided call `i` of `report` as it did: the decision, what decided it (a rule, a
 * heuristic, the default; the core's `geminiReason`) and the rule. A typed call (`typed`) has no
 * place in a trace, so only its mode is said.
 */
function geminiWhy(report: GeminiPolicyReport, i: number, typed = false): ReactNode {
  const c = report.calls[i];
  if (!c) return null;
  const r = c.rule === undefined ? undefined : report.rules[c.rule];
  return (
    <>
      <p>
        <strong>{c.decision}</strong> — {c.reason}
      </p>
      {r && (
        <ul className="insp-list" aria-label="Deciding rule">
          <li>
            <span className={`policy-list is-${r.decision}`}>{r.decision}</span> <code>{`${r.tools.join(', ')}${r.narrow ? ` ${r.narrow}` : ''}`}</code>{' '}
            <span className="corpus-muted">
              {r.tier} tier, priority {r.priority} · {r.file}:{r.line}:{r.col}
            </span>
          </li>
        </ul>
      )}
      <p className="corpus-muted">
        {typed ? '' : `${c.session}:${c.call.line} · `}mode {c.call.mode ?? 'default'}
        {c.call.nonInteractive ? ' · non-interactive' : ''}
      </p>
    </>
  );
}

export function GeminiPolicyView() {
  const store = useStudioStore();
  const docs = useStudio((s) => s.project.docs);
  const all = useMemo<GeminiFileInput[]>(() => docs.flatMap((d) => (d.kind === 'agent' && d.agent.family === 'gemini' ? filesAsWritten(d, d.agent.geminiPolicies) : [])), [docs]);
  const files = useCountedFiles('gemini', all);
  const tierOf = useCallback((path: string) => `${all.find((f) => f.path === path)?.tier ?? 'user'} tier`, [all]);
  const sessions = usePolicySessions();
  const job = useMemo(() => () => runGeminiReport({ files, sessions }), [files, sessions]);
  const { answer: report, error } = useWorkerAnswer(job);
  const translating = useTranslateOpen('gemini');
  const ruleAt = useCallback((c: GeminiCallRow) => { const r = c.rule === undefined ? undefined : report?.rules[c.rule]; return r ? [`${r.file}:${r.line}:${r.col}`] : []; }, [report]);
  const targets = useMemo(() => ({ decisions: DECISIONS, rules: (report?.rules ?? []).map((r) => ({ at: `${r.file}:${r.line}:${r.col}`, label: `${r.tools.join(', ')}${r.narrow ? ` ${r.narrow}` : ''} (${r.decision}, ${r.file}:${r.line})` })) }), [report]);
  useLivePolicy(report?.calls, { flagged: FLAGGED, text: callLine, decisionsOf: geminiDecisions, ruleAt, targets });
  // Gemini's order: the highest effective priority first, equal priorities in load order.
  const order = useMemo(() => (report ? report.rules.map((_, i) => i).sort((a, b) => (report.rules[b]?.effective ?? 0) - (report.rules[a]?.effective ?? 0) || a - b) : []), [report]);

  const whatIf = useCallback(
    async (i: number, text: string): Promise<WhatIfResult> => {
      const rule = report?.rules[order[i] ?? -1];
      if (!rule) return { changes: [] };
      const edited = withRuleText(files, rule, text);
      const r = await runGeminiWhatIf({ files, edited, sessions });
      if (r.refused) return { changes: [], refused: refusalOf(r.diagnostics, 'Gemini refuses the edited policy') };
      return { changes: r.changes.map((c) => ({ call: c.call, before: c.before.decision, after: c.after.decision, note: `${c.before.rule ?? 'no rule'} → ${c.after.rule ?? 'no rule'}` })) };
    },
    [files, sessions, report, order],
  );
  if (error) return <p className="corpus-error">The sessions could not be decided: {error}</p>;
  if (!report) return <p className="corpus-muted">Deciding the sessions’ calls…</p>;
  const apply = (i: number, text: string) => {
    const rule = report.rules[order[i] ?? -1];
    const doc = rule && docOf(docs, rule.file);
    writeRuleEdit(store, doc, doc && rule && codecs().replaceGeminiRuleAt(doc.text, rule.table, text), rule ? `${rule.file}:${rule.line}` : `row ${i + 1}`);
  };
  const why = (i: number) => geminiWhy(report, i);
  const tryCall = (
    <TryCall
      placeholder="git push origin main   or   read_file {&quot;file_path&quot;: &quot;.env&quot;}"
      hint="A shell command (run_shell_command), or a tool name and its arguments as a JSON object."
      session={geminiTryTrace}
      run={(s) => runGeminiReport({ files, sessions: [s] })}
      show={(r) => (r.calls.length > 0 ? geminiWhy(r, 0, true) : undefined)}
    />
  );

  const errors = report.diagnostics.filter((d) => d.severity === 'error' && d.code === 'G001');
  const first = errors[0];
  const refusal = report.engineError !== undefined ? `the engine would not start: ${report.engineError}` : first ? `${first.code} at ${first.file}:${first.range.start.line}:${first.range.start.column} — ${first.message}` : undefined;
  return (
    <RuleReportView
      id="gemini"
      name="Gemini CLI"
      status={`${count(files.length, 'policy file')} · ${count(report.rules.length, 'rule')} · ${count(report.calls.length, 'call')} in ${count(sessions.length, 'trace')}`}
      decisions={DECISIONS}
      totals={report.totals}
      rules={order.flatMap((ri) => {
        const r = report.rules[ri];
        return r ? [{ key: r.key, decision: r.decision, label: `${r.tools.join(', ')}${r.narrow ? ` ${r.narrow}` : ''}`, where: `${r.file}:${r.line}:${r.col}`, text: r.text, cells: [r.tier, r.priority, r.decided.length], calls: r.decided, number: r.table + 1 }] : [];
      })}
      calls={report.calls.map((c) => ({ decision: c.decision, text: callLine(c), where: `${c.session}:${c.call.line} · mode ${c.call.mode ?? 'default'}` }))}
      unruled={report.calls.flatMap((c, i) => (c.rule === undefined && c.synthetic === undefined ? [i] : []))}
      unruledLabel="No rule (Gemini’s default)"
      rulesTitle="Rules in priority order"
      columns={COLUMNS}
      callsVerb="decided"
      {...(refusal ? { refusal } : {})}
      noSessions={'No traces loaded: import a scripted trace (JSONL, one {"tool", "args"} per line, as rule-studio simulate reads) to count the calls each rule decides.'}
      skipped={report.skipped}
      why={why}
      tryCall={tryCall}
      whatIf={whatIf}
      apply={apply}
      actions={
        <>
          <PolicyFilesPicker dialect="gemini" all={all} counted={files} describe={tierOf} />
          <PolicySaveAsTest dialect="gemini" files={files} sessions={sessions} decided={sessionsOf(report.calls)} />
          <TranslateButton from="gemini" />
        </>
      }
      {...(translating ? { aside: <TranslatePanel source={{ dialect: 'gemini', files }} sessions={sessions} /> } : {})}
    />
  );
}
