/**
 * The Policy view for Codex execpolicy (issue 24): the project's `.rules` files, each
 * `prefix_rule` in load order with the calls of the loaded sessions (Codex rollout logs or
 * command scripts) it matched and decided; the allow / prompt / forbidden / no-rule totals; a rule
 * opens its calls, a call shows its decision, every rule that matched it (Codex: the strictest
 * decision wins) and what the log recorded. What-if and Apply as every dialect has them
 * (`RuleReportView`). The core's `codexPolicyReport` / `codexWhatIf`, in the policy worker.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import type { CodexCallRow, CodexPolicyReport, CodexRuleRow } from '../../core/permissions/codex/policyReport.ts';
import type { RuleDoc } from '../state/documents.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { codecs } from '../state/codecs.ts';
import { count } from './policyText.ts';
import { runCodexReport, runCodexWhatIf } from './policyClient.ts';
import { RuleReportView, writeRuleEdit, type WhatIfResult } from './RuleReportView.tsx';
import { useWorkerAnswer } from './useWorkerAnswer.ts';
import { refusalOf, usePolicySessions, withRuleText, filesAsWritten } from './policyInputs.ts';
import { useLivePolicy } from './LivePolicy.tsx';
import { PolicyFilesPicker, useCountedFiles } from './policyFiles.tsx';
import { PolicySaveAsTest, sessionsOf } from './PolicySaveAsTest.tsx';
import { TranslateButton, TranslatePanel, useTranslateOpen } from './TranslatePanel.tsx';
import { TryCall } from './TryCall.tsx';
import { codexTryScript } from './tryCallText.ts';

const DECISIONS = [
  { key: 'allow', label: 'Allowed' },
  { key: 'prompt', label: 'Prompted', tone: 'warning' as const },
  { key: 'forbidden', label: 'Forbidden', tone: 'error' as const },
  { key: 'none', label: 'No rule' },
];
const RECORDED: Record<string, string> = { ran: 'the log says it ran', declined: 'the log says the user declined it', forbidden: 'the log says the policy forbade it', unknown: 'the log does not say what happened' };
/** The decisions a followed session's new call is notified for. */
const FLAGGED = ['forbidden', 'prompt'];
const COLUMNS = [{ label: 'Matched', num: true }, { label: 'Decided', num: true }];
const codexDecisions = (c: CodexCallRow) => [c.decision ?? 'none'];
const ruleWhere = (r: CodexRuleRow) => `${r.file}:${r.line}:${r.col}`;

/** A call's command on one line. */
export function codexCallText(c: CodexCallRow): string {
  const line = c.call.argv.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

const docOf = (docs: readonly RuleDoc[], path: string) => docs.find((d) => d.kind === 'agent' && d.agent.family === 'codex' && d.agent.codexRules?.some((f) => f.path === path));

/** Why Codex decided call `i` of `report` as it did: the rules that matched, the strictest deciding. */
function codexWhy(report: CodexPolicyReport, i: number, typed = false): ReactNode {
  const c = report.calls[i];
  if (!c) return null;
  return (
    <>
      <p>
        <strong>{c.decision ?? 'no rule'}</strong> —{' '}
        {c.rules.length === 0 ? 'no rule matched: Codex’s approval policy decides (it prompts unless the command is known safe).' : c.rules.length === 1 ? 'the one rule that matched:' : `the strictest of the ${c.rules.length} rules that matched:`}
      </p>
      {c.rules.length > 0 && (
        <ul className="insp-list" aria-label="Matched rules">
          {c.rules.map((ri) => {
            const r = report.rules[ri];
            if (!r) return null;
            return (
              <li key={ri}>
                <span className={`policy-list is-${r.decision}`}>{r.decision}</span> <code>{r.pattern}</code>{' '}
                <span className="corpus-muted">
                  rule {ri + 1} · {r.file}:{r.line}:{r.col}
                  {r.justification ? ` — ${r.justification}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {c.call.commands.length > 1 && (
        <p className="corpus-muted">
          Checked as {count(c.call.commands.length, 'command')}: {c.call.commands.map((x) => x.join(' ')).join(' · ')}
        </p>
      )}
      {typed ? null : (
        <p className={c.agreement === 'differs' ? 'corpus-error' : 'corpus-muted'}>
          {c.agreement === 'differs' ? `Differs from the log: ${c.why ?? ''}.` : `${RECORDED[c.call.recorded] ?? ''}${c.call.exitCode !== undefined ? ` (exit code ${c.call.exitCode})` : ''}.`}
        </p>
      )}
    </>
  );
}

export function CodexPolicyView() {
  const store = useStudioStore();
  const docs = useStudio((s) => s.project.docs);
  const all = useMemo(() => docs.flatMap((d) => (d.kind === 'agent' && d.agent.family === 'codex' ? filesAsWritten(d, d.agent.codexRules) : [])), [docs]);
  const files = useCountedFiles('codex', all);
  const sessions = usePolicySessions();
  const job = useMemo(() => () => runCodexReport({ files, sessions }), [files, sessions]);
  const { answer: report, error } = useWorkerAnswer(job);
  const translating = useTranslateOpen('codex');
  const ruleAt = useCallback((c: CodexCallRow) => c.rules.flatMap((ri) => (report?.rules[ri] ? [ruleWhere(report.rules[ri])] : [])), [report]);
  const targets = useMemo(() => ({ decisions: DECISIONS, rules: (report?.rules ?? []).map((r) => ({ at: ruleWhere(r), label: `${r.pattern} (${r.decision}, ${r.file}:${r.line})` })) }), [report]);
  useLivePolicy(report?.calls, { flagged: FLAGGED, text: codexCallText, decisionsOf: codexDecisions, ruleAt, targets });

  const whatIf = useCallback(
    async (i: number, text: string): Promise<WhatIfResult> => {
      const rule = report?.rules[i];
      if (!rule) return { changes: [] };
      const edited = withRuleText(files, rule, text);
      const r = await runCodexWhatIf({ files, edited, sessions });
      if (r.refused) return { changes: [], refused: refusalOf(r.diagnostics, 'Codex refuses the edited rules') };
      return { changes: r.changes };
    },
    [files, sessions, report],
  );
  if (error) return <p className="corpus-error">The sessions could not be decided: {error}</p>;
  if (!report) return <p className="corpus-muted">Deciding the sessions’ calls…</p>;
  const apply = (i: number, text: string) => {
    const rule = report.rules[i];
    const doc = rule && docOf(docs, rule.file);
    writeRuleEdit(store, doc, doc && rule && codecs().replaceCodexRuleAt(doc.text, rule.line, rule.col, text), rule ? `${rule.file}:${rule.line}:${rule.col}` : `row ${i + 1}`);
  };
  const why = (i: number) => codexWhy(report, i);
  const tryCall = (
    <TryCall
      placeholder="git push origin main"
      hint="A command line, as Codex would run it."
      session={codexTryScript}
      run={(s) => runCodexReport({ files, sessions: [s] })}
      show={(r) => (r.calls.length > 0 ? codexWhy(r, 0, true) : undefined)}
    />
  );

  const errors = report.diagnostics.filter((d) => d.severity === 'error' && files.some((f) => f.path === d.file));
  const first = errors[0];
  // A refused file decides no call: the status says so and why, not "0 calls in 1 session" (ui16).
  const calls = first ? `no call decided in ${count(sessions.length, 'session')}: Codex refuses ${first.file} (line ${first.range.start.line} does not read)` : `${count(report.calls.length, 'call')} in ${count(sessions.length, 'session')}`;
  const refusedDoc = first && docOf(docs, first.file);
  const showRefusal = () => {
    if (!first || !refusedDoc) return;
    const s = store.getState();
    if (s.project.activeDocId !== refusedDoc.id) s.setActiveDoc(refusedDoc.id);
    s.revealRange(refusedDoc.id, first.range);
  };
  return (
    <RuleReportView
      id="codex"
      name="Codex"
      status={`${count(files.length, '.rules file')} · ${count(report.rules.length, first ? 'rule that reads' : 'rule', first ? 'rules that read' : 'rules')} · ${calls}`}
      decisions={DECISIONS}
      totals={report.totals}
      rules={report.rules.map((r) => ({ key: `${r.file}:${r.start}`, decision: r.decision, label: r.pattern, where: `${r.file}:${r.line}:${r.col}${r.justification ? ` · ${r.justification}` : ''}`, text: r.text, cells: [r.matched.length, r.decided.length], calls: r.matched }))}
      calls={report.calls.map((c) => ({ ...(c.decision ? { decision: c.decision } : {}), text: codexCallText(c), where: `${c.session}:${c.call.line} · ${c.call.tool}`, differs: c.agreement === 'differs' }))}
      unruled={report.calls.flatMap((c, i) => (c.decision === undefined ? [i] : []))}
      unruledLabel="No rule (Codex’s approval policy)"
      rulesTitle="Rules in load order"
      columns={COLUMNS}
      callsVerb="matched"
      {...(first ? { refusal: `${first.code} at ${first.file}:${first.range.start.line}:${first.range.start.column} — ${first.message}` } : {})}
      {...(refusedDoc ? { showRefusal } : {})}
      noSessions="No sessions loaded: import a Codex session log (~/.codex/sessions/…/rollout-*.jsonl) or a command script to count the calls each rule decides."
      skipped={report.skipped}
      why={why}
      tryCall={tryCall}
      whatIf={whatIf}
      apply={apply}
      actions={
        <>
          <PolicyFilesPicker dialect="codex" all={all} counted={files} />
          <PolicySaveAsTest dialect="codex" files={files} sessions={sessions} decided={sessionsOf(report.calls)} />
          <TranslateButton from="codex" />
        </>
      }
      {...(translating ? { aside: <TranslatePanel source={{ dialect: 'codex', files }} sessions={sessions} /> } : {})}
    />
  );
}
