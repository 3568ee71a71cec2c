/**
 * The Policy view for Claude Code settings (issue 23, item 6): their rules in the order Claude
 * Code evaluates them (deny → ask → allow, then scope and file order, as the core merges them)
 * with the number of calls of the loaded sessions (the project's traces) each decided, the
 * allow / ask / deny totals; a rule opens its calls, a call shows why it was decided so. The calls
 * are decided in the policy worker with the core's `policyReport` — the `decide` the `claude`
 * profile and `rule-studio simulate` use.
 *
 * The table, the call list and the what-if are every dialect's (`RuleReportView`): a rule's edit
 * lists the decisions it changes (the core's `whatIf`) and the totals after; Apply writes the new
 * text over the rule's string only (`setText`, one undo step). Its own extra is Learn: the core's
 * `learnAllowList` over the sessions, the rules it proposes and their diff; Apply adds them.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { addAllowRules, replaceRuleAt } from '../../core/permissions/claude/settingsEdit.ts';
import type { RuleSource, SettingsInput } from '../../core/permissions/claude/types.ts';
import type { LearnAnswer, PolicyAnswer } from '../../worker/policyService.ts';
import type { RuleDoc } from '../state/documents.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { runLearn, runPolicy, runWhatIf } from './policyClient.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import { LearnPanel } from './LearnPanel.tsx';
import { callText, count, whereOf } from './policyText.ts';
import { RuleReportView, type WhatIfResult } from './RuleReportView.tsx';
import { TranslateButton, TranslatePanel, useTranslateOpen } from './TranslatePanel.tsx';
import { TryCall } from './TryCall.tsx';
import { claudeTryTrace } from './tryCallText.ts';
import { translateStore } from './translateStore.ts';
import { useWorkerAnswer } from './useWorkerAnswer.ts';
import { usePolicySessions, filesAsWritten } from './policyInputs.ts';

const DECISIONS = [
  { key: 'allow', label: 'Allowed' },
  { key: 'ask', label: 'Asked', tone: 'warning' as const },
  { key: 'deny', label: 'Denied', tone: 'error' as const },
];
const COLUMNS = [{ label: 'Scope', width: '64px' }, { label: 'Calls', num: true, total: true, width: '56px' }];

/** The document holding the settings file `path` (one settings file per document). */
function docOf(docs: readonly RuleDoc[], path: string): RuleDoc | undefined {
  return docs.find((d) => d.kind === 'agent' && d.agent.family === 'claude' && d.agent.claudeSettings?.some((s) => s.path === path));
}

/** The settings with one rule's string rewritten (`undefined` when it is no longer where it was). */
function settingsWithRule(settings: readonly SettingsInput[], rule: RuleSource, text: string): SettingsInput[] | undefined {
  let done = false;
  const out = settings.map((s) => {
    if (done || s.path !== rule.file) return s;
    const edited = replaceRuleAt(s.text, rule.line, rule.col, text);
    if (edited === undefined) return s;
    done = true;
    return { ...s, text: edited };
  });
  return done ? out : undefined;
}

/** Why Claude Code decided call `i` of `report` as it did: the decision, its reason and the rule. */
function claudeWhy(report: PolicyAnswer['report'], i: number): ReactNode {
  const d = report.decisions[i];
  if (!d) return null;
  return (
    <>
      <p>
        <strong>{d.decision}</strong> — <CodeText text={d.reason} />
      </p>
      {(report.notes[i] ?? []).map((n) => (
        <p key={n} className="policy-try-note">
          <CodeText text={n} />
        </p>
      ))}
      <p className="corpus-muted">
        {/* The reason names the rule already (review15): this line says where it is written. */}
        {d.rule ? `${whereOf(d.rule)} · ${d.rule.scope} settings` : 'No rule matched: the tool’s default in this mode'} · mode {d.mode}
      </p>
    </>
  );
}

export function ClaudePolicyView() {
  const store = useStudioStore();
  const docs = useStudio((s) => s.project.docs);
  const settings = useMemo<SettingsInput[]>(() => docs.flatMap((d) => (d.kind === 'agent' && d.agent.family === 'claude' ? filesAsWritten(d, d.agent.claudeSettings) : [])), [docs]);
  const sessions = usePolicySessions();
  const job = useMemo(() => (settings.length === 0 ? undefined : () => runPolicy({ settings, sessions })), [settings, sessions]);
  const { answer, error } = useWorkerAnswer(job);
  const [learnOpen, setLearnOpen] = useState(false);
  const [learned, setLearned] = useState<{ settings: SettingsInput[]; answer: LearnAnswer }>();
  const [learnError, setLearnError] = useState<string>();
  const translating = useTranslateOpen('claude');

  useEffect(() => {
    if (!learnOpen || settings.length === 0) return;
    let live = true;
    runLearn({ settings, sessions }).then(
      (a) => {
        if (!live) return;
        setLearned({ settings, answer: a });
        setLearnError(undefined);
      },
      (e: unknown) => live && setLearnError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [learnOpen, settings, sessions]);

  const whatIf = useCallback(
    async (i: number, text: string): Promise<WhatIfResult> => {
      const rule = answer?.report.rules[i]?.source;
      const edited = rule && settingsWithRule(settings, rule, text);
      if (!edited) return { changes: [], refused: 'the rule is no longer where it was' };
      const w = await runWhatIf({ settings, sessions, draft: edited });
      return { changes: w.changes.map((c) => ({ call: c.index, before: c.before.decision, after: c.after.decision, note: `${c.before.rule?.text ?? 'no rule'} → ${c.after.rule?.text ?? 'no rule'}` })) };
    },
    [answer, settings, sessions],
  );

  if (settings.length === 0)
    return (
      <section className="corpus-view policy-view" aria-label="Policy">
        <div className="corpus-empty">
          <p className="corpus-empty-title">No permission rules in this project</p>
          <p>
            Import (or paste) the rules a coding agent loads: Claude Code’s <code>.claude/settings.json</code>, Codex’s <code>~/.codex/rules/*.rules</code>, or a folder of Gemini CLI policies (<code>.toml</code> files of <code>[[rule]]</code> tables). This view lists the rules in the order the agent evaluates them, and which calls of your sessions each rule decides.
          </p>
        </div>
      </section>
    );
  const failed = error ?? learnError;
  if (failed) return <p className="corpus-error">The sessions could not be decided: {failed}</p>;
  if (!answer) return <p className="corpus-muted">Deciding the sessions’ calls…</p>;

  const { report, calls } = answer;
  // Learned from the settings as they are now (an older answer is not shown while the new one comes).
  const learn = learned?.settings === settings ? learned.answer : undefined;

  const apply = (i: number, text: string) => {
    const rule = report.rules[i]?.source;
    if (!rule) return;
    const doc = docOf(docs, rule.file);
    const edited = doc && replaceRuleAt(doc.text, rule.line, rule.col, text);
    if (!doc || edited === undefined) {
      store.getState().notify('error', `The rule ${rule.text} is no longer at ${whereOf(rule)}: nothing was changed.`);
      return;
    }
    store.getState().setText(doc.id, edited);
    store.getState().notify('info', `Changed ${rule.text} to ${text} in ${doc.fileName}. Undo restores it.`);
  };
  const applyLearn = () => {
    const target = learn?.target;
    if (!target || !learn) return;
    const doc = docOf(docs, target.path);
    const rules = learn.learned.proposals.map((p) => p.rule);
    const edited = doc && addAllowRules(doc.text, rules);
    if (!doc || edited === undefined) {
      store.getState().notify('error', `${target.path} could not be edited: nothing was changed.`);
      return;
    }
    store.getState().setText(doc.id, edited);
    store.getState().notify('info', `Added ${count(rules.length, 'allow rule')} to ${doc.fileName}. Undo removes them.`);
    setLearnOpen(false);
  };
  const why = (i: number) => claudeWhy(report, i);
  const tryCall = (
    <TryCall
      placeholder="git push origin main   or   Read(./secrets/key.pem)"
      hint="A shell command (Bash), or a call as a rule writes it: Read(./path), WebFetch(https://…), Edit(src/a.ts)."
      session={claudeTryTrace}
      run={(s) => runPolicy({ settings, sessions: [s] })}
      show={(a) => (a.calls.length > 0 ? claudeWhy(a.report, 0) : undefined)}
    />
  );

  const aside = translating ? (
    <TranslatePanel source={{ dialect: 'claude', files: settings }} sessions={sessions} />
  ) : learnOpen ? (
    <LearnPanel learn={learn} onApply={applyLearn} onClose={() => setLearnOpen(false)} />
  ) : undefined;
  return (
    <RuleReportView
      id="policy"
      name="Claude Code"
      status={`${count(settings.length, 'settings file')} · ${count(report.rules.length, 'rule')} · ${count(calls.length, 'call')} in ${count(sessions.length, 'session')}`}
      decisions={DECISIONS}
      totals={report.totals}
      rules={report.rules.map((r) => ({ key: `${r.source.list}:${whereOf(r.source)}`, decision: r.source.list, label: r.source.text, where: whereOf(r.source), text: r.source.text, cells: [r.source.scope, r.calls.length], calls: r.calls }))}
      calls={calls.map((c, i) => ({ decision: report.decisions[i]?.decision ?? 'ask', text: callText(c), where: `${c.session} · call ${c.index + 1}` }))}
      unruled={report.byDefault}
      unruledLabel="No rule (the tool’s default)"
      rulesTitle="Rules in evaluation order"
      columns={COLUMNS}
      callsVerb="decided"
      noSessions="No sessions loaded: import a Claude Code transcript (Import, in the toolbar) to count the calls each rule decides."
      skipped={answer.skipped}
      skippedLabel="Lines not read"
      why={why}
      tryCall={tryCall}
      whatIf={whatIf}
      apply={apply}
      singleLine
      totalsAfter
      onRowAction={() => setLearnOpen(false)}
      actions={
        <>
          <Button
            size="sm"
            icon="learn"
            label="Learn from sessions"
            aria-pressed={learnOpen}
            disabled={sessions.length === 0}
            onClick={() => {
              translateStore.setState({ from: undefined });
              setLearnOpen((o) => !o);
            }}
          />
          <TranslateButton from="claude" />
        </>
      }
      {...(aside ? { aside } : {})}
    />
  );
}
