/**
 * The Policy view (issue 23, item 6): when the project holds Claude Code settings, their rules in
 * the order Claude Code evaluates them (deny → ask → allow, then scope and file order, as the
 * core merges them) with the number of calls of the loaded sessions (the project's traces) each
 * decided, the allow / ask / deny totals; a rule opens its calls, a call shows why it was decided
 * so. The calls are decided in the policy worker with the core's `policyReport` — the `decide`
 * the `claude` profile and `rule-studio simulate` use.
 *
 * What-if: a rule's Edit button makes its text editable in place; while it is edited the detail
 * panel lists every decision the edit changes (the core's `whatIf`, in the worker); Apply writes
 * the new text over the rule's string only (`setText`, one undo step). Learn: the core's
 * `learnAllowList` over the sessions, the rules it proposes and their diff; Apply adds them.
 */
import { useEffect, useMemo, useState } from 'react';
import { addAllowRules, replaceRuleAt } from '../../core/permissions/claude/settingsEdit.ts';
import type {
  PermissionDecision,
  RuleSource,
  SettingsInput,
} from '../../core/permissions/claude/types.ts';
import type { LearnAnswer, PolicyAnswer, WhatIfAnswer } from '../../worker/policyService.ts';
import type { RuleDoc } from '../state/documents.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { runLearn, runPolicy, runWhatIf } from './policyClient.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button, IconButton } from '../components/ui/Button.tsx';
import { LearnPanel } from './LearnPanel.tsx';
import { WhatIfPanel } from './WhatIfPanel.tsx';
import { callText, count, whereOf } from './policyText.ts';
import { CodexPolicyView } from './CodexPolicyView.tsx';
import { GeminiPolicyView } from './GeminiPolicyView.tsx';
import { TranslateButton, TranslatePanel, useTranslateOpen } from './TranslatePanel.tsx';
import { translateStore } from './translateStore.ts';
import { liveStore } from '../simulator/liveStore.ts';
import { LivePolicyStatus } from './LivePolicy.tsx';
import { usePolicySessions } from './policyInputs.ts';
import { useStore } from 'zustand';
import { hasFamily, type PolicyDialect } from './dialects.ts';
import '../corpus/corpus.css';
import './policy.css';

/** The document holding the settings file `path` (one settings file per document). */
function docOf(docs: readonly RuleDoc[], path: string): RuleDoc | undefined {
  return docs.find(
    (d) =>
      d.kind === 'agent' &&
      d.agent.family === 'claude' &&
      d.agent.claudeSettings?.some((s) => s.path === path),
  );
}

/** The settings with one rule's string rewritten (`undefined` when it is no longer where it was). */
function settingsWithRule(
  settings: readonly SettingsInput[],
  rule: RuleSource,
  text: string,
): SettingsInput[] | undefined {
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

/** How long typing rests before the what-if is asked for. */
const WHAT_IF_DEBOUNCE_MS = 120;

/** `null`: the default (calls no rule decided); a number: the rule's row. */
type Selection = number | null | undefined;

function ClaudePolicyView() {
  const store = useStudioStore();
  const docs = useStudio((s) => s.project.docs);
  const settings = useMemo<SettingsInput[]>(
    () =>
      docs.flatMap((d) =>
        d.kind === 'agent' && d.agent.family === 'claude' ? (d.agent.claudeSettings ?? []) : [],
      ),
    [docs],
  );
  const sessions = usePolicySessions();
  const [answer, setAnswer] = useState<PolicyAnswer>();
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<Selection>();
  const [why, setWhy] = useState<number>();
  /** The rule being edited (its row's source) and its text as typed. */
  const [draft, setDraft] = useState<{ rule: RuleSource; text: string }>();
  const [whatIf, setWhatIf] = useState<{ text: string; answer: WhatIfAnswer }>();
  const [learnOpen, setLearnOpen] = useState(false);
  const [learned, setLearned] = useState<{ settings: SettingsInput[]; answer: LearnAnswer }>();
  const translating = useTranslateOpen('claude');

  useEffect(() => {
    if (settings.length === 0) return;
    let live = true;
    runPolicy({ settings, sessions }).then(
      (a) => {
        if (!live) return;
        setAnswer(a);
        setError(undefined);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [settings, sessions]);

  // The what-if of the draft, once typing rests; the last answer stays shown meanwhile.
  useEffect(() => {
    if (!draft || draft.text.trim() === draft.rule.text) return;
    const text = draft.text.trim();
    const edited = settingsWithRule(settings, draft.rule, text);
    if (!edited) return;
    let live = true;
    const timer = setTimeout(() => {
      runWhatIf({ settings, sessions, draft: edited }).then(
        (a) => live && setWhatIf({ text, answer: a }),
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    }, WHAT_IF_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [draft, settings, sessions]);

  useEffect(() => {
    if (!learnOpen || settings.length === 0) return;
    let live = true;
    runLearn({ settings, sessions }).then(
      (a) => live && setLearned({ settings, answer: a }),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [learnOpen, settings, sessions]);

  if (settings.length === 0)
    return (
      <section className="corpus-view policy-view" aria-label="Policy">
        <div className="corpus-empty">
          <p className="corpus-empty-title">No Claude Code settings in this project</p>
          <p>
            Open a <code>.claude/settings.json</code> (or <code>settings.local.json</code>,{' '}
            <code>~/.claude/settings.json</code>) to see its permission rules in the order Claude
            Code evaluates them, and which calls of your sessions each rule decides.
          </p>
        </div>
      </section>
    );
  if (error) return <p className="corpus-error">The sessions could not be decided: {error}</p>;
  if (!answer) return <p className="corpus-muted">Deciding the sessions’ calls…</p>;

  const { report, calls } = answer;
  const shownCalls =
    selected === undefined
      ? []
      : selected === null
        ? report.byDefault
        : (report.rules[selected]?.calls ?? []);
  const whyCall = why === undefined ? undefined : calls[why];
  const whyDecision = why === undefined ? undefined : report.decisions[why];
  const label =
    selected === null
      ? 'the default'
      : selected === undefined
        ? ''
        : (report.rules[selected]?.source.text ?? '');
  // Learned from the settings as they are now (an older answer is not shown while the new one comes).
  const learn = learned?.settings === settings ? learned.answer : undefined;
  const isDraft = (r: RuleSource) =>
    draft !== undefined && whereOf(draft.rule) === whereOf(r) && draft.rule.list === r.list;

  const startEdit = (r: RuleSource) => {
    setLearnOpen(false);
    setWhatIf(undefined);
    setDraft({ rule: r, text: r.text });
  };
  const cancelEdit = () => {
    setDraft(undefined);
    setWhatIf(undefined);
  };
  /** Shows the calls of rule row `i` (null: the calls no rule decided), closing any edit or Learn. */
  const choose = (i: Selection) => {
    setSelected(i);
    setWhy(undefined);
    cancelEdit();
    setLearnOpen(false);
  };
  const applyEdit = () => {
    if (!draft) return;
    const text = draft.text.trim();
    const doc = docOf(docs, draft.rule.file);
    const edited = doc && replaceRuleAt(doc.text, draft.rule.line, draft.rule.col, text);
    if (!doc || edited === undefined) {
      store
        .getState()
        .notify(
          'error',
          `The rule ${draft.rule.text} is no longer at ${whereOf(draft.rule)}: nothing was changed.`,
        );
      return;
    }
    store.getState().setText(doc.id, edited);
    store
      .getState()
      .notify(
        'info',
        `Changed ${draft.rule.text} to ${text} in ${doc.fileName}. Undo restores it.`,
      );
    cancelEdit();
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
    store
      .getState()
      .notify(
        'info',
        `Added ${count(rules.length, 'allow rule')} to ${doc.fileName}. Undo removes them.`,
      );
    setLearnOpen(false);
  };

  const detail = translating ? (
    <TranslatePanel source={{ dialect: 'claude', files: settings }} sessions={sessions} />
  ) : learnOpen ? (
    <LearnPanel learn={learn} onApply={applyLearn} onClose={() => setLearnOpen(false)} />
  ) : draft ? (
    <WhatIfPanel
      rule={draft.rule}
      draft={draft.text}
      answer={answer}
      whatIf={whatIf?.answer}
      pending={whatIf !== undefined && whatIf.text !== draft.text.trim()}
      onApply={applyEdit}
      onCancel={cancelEdit}
    />
  ) : (
    <section className="corpus-section policy-panel" aria-labelledby="policy-calls-title">
      <h3 id="policy-calls-title">
        {selected === undefined ? (
          'Calls'
        ) : selected === null ? (
          'Calls left to the default'
        ) : (
          <>
            Calls decided by <code>{label}</code>
          </>
        )}
      </h3>
      {selected === undefined ? (
        <p className="corpus-muted">Choose a rule to list the calls it decided.</p>
      ) : shownCalls.length === 0 ? (
        <p className="corpus-muted">No call of the loaded sessions was decided by {label}.</p>
      ) : (
        <ul className="policy-calls" aria-label={`Calls decided by ${label}`}>
          {shownCalls.slice(0, 500).map((i) => {
            const c = calls[i];
            if (!c) return null;
            return (
              <li key={i}>
                <button
                  type="button"
                  className="policy-call"
                  aria-pressed={why === i}
                  onClick={() => setWhy(i)}
                >
                  <span className={`policy-list is-${report.decisions[i]?.decision ?? 'ask'}`}>
                    {report.decisions[i]?.decision}
                  </span>{' '}
                  <code>{callText(c)}</code>
                  <span className="policy-where">
                    {c.session} · call {c.index + 1}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {whyCall && whyDecision && (
        <div className="policy-why" role="region" aria-label="Why">
          <p>
            <strong>{whyDecision.decision}</strong> — <CodeText text={whyDecision.reason} />
          </p>
          <p className="corpus-muted">
            {whyDecision.rule
              ? `Decided by ${whyDecision.rule.list} rule ${whyDecision.rule.text} (${whereOf(whyDecision.rule)}, ${whyDecision.rule.scope} settings)`
              : 'No rule matched: the tool’s default in this mode'}{' '}
            · mode {whyDecision.mode}
          </p>
        </div>
      )}
    </section>
  );

  return (
    <section className="corpus-view policy-view" aria-label="Policy">
      <div className="corpus-head">
        <h2>Policy</h2>
        <span className="corpus-status">
          {count(settings.length, 'settings file')} · {count(report.rules.length, 'rule')} ·{' '}
          {count(calls.length, 'call')} in {count(sessions.length, 'session')}
        </span>
        <Button
          size="sm"
          icon="learn"
          label="Learn from sessions"
          aria-pressed={learnOpen}
          disabled={sessions.length === 0}
          onClick={() => {
            cancelEdit();
            translateStore.setState({ from: undefined });
            setLearnOpen((o) => !o);
          }}
        />
        <TranslateButton from="claude" />
      </div>
      {sessions.length === 0 && (
        <p className="corpus-muted">
          No sessions loaded: import a Claude Code transcript (Import, in the toolbar) to count the
          calls each rule decides.
        </p>
      )}
      <dl className="corpus-totals" aria-label="Decisions">
        {(['allow', 'ask', 'deny'] as PermissionDecision[]).map((d) => (
          <div
            key={d}
            className={`corpus-total${d === 'deny' && report.totals.deny > 0 ? ' is-error' : d === 'ask' && report.totals.ask > 0 ? ' is-warning' : ''}`}
            data-testid={`policy-total-${d}`}
          >
            <dt>{d === 'allow' ? 'Allowed' : d === 'ask' ? 'Asked' : 'Denied'}</dt>
            <dd>{report.totals[d].toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {answer.skipped.length > 0 && (
        <p className="corpus-skipped">
          Lines not read: {answer.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}.
        </p>
      )}
      <div className="corpus-tables policy-body">
        <section className="corpus-section policy-panel" aria-labelledby="policy-rules-title">
          <h3 id="policy-rules-title">Rules in evaluation order</h3>
          <div className="policy-scroll">
            <table className="corpus-table" aria-labelledby="policy-rules-title">
              <thead>
                <tr>
                  <th scope="col">List</th>
                  <th scope="col">Rule</th>
                  <th scope="col">Scope</th>
                  <th scope="col" className="num">
                    Calls
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Edit</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rules.map((r, i) => (
                  <tr
                    key={`${r.source.list}:${whereOf(r.source)}`}
                    className={`policy-rule-row${selected === i ? ' is-selected' : ''}${r.calls.length === 0 ? ' is-never' : ''}${isDraft(r.source) ? ' is-editing' : ''}`}
                  >
                    <td>
                      <span className={`policy-list is-${r.source.list}`}>{r.source.list}</span>
                    </td>
                    <th scope="row">
                      {draft && isDraft(r.source) ? (
                        <input
                          className="policy-rule-input"
                          aria-label={`Rule text (was ${r.source.text})`}
                          value={draft.text}
                          spellCheck={false}
                          autoFocus
                          onChange={(e) => setDraft({ rule: draft.rule, text: e.target.value })}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') applyEdit();
                            else if (e.key === 'Escape') cancelEdit();
                          }}
                        />
                      ) : (
                        <button
                          type="button"
                          className="policy-rule-button"
                          aria-pressed={selected === i}
                          onClick={() => choose(i)}
                        >
                          <code>{r.source.text}</code>
                        </button>
                      )}
                      <span className="policy-where">{whereOf(r.source)}</span>
                    </th>
                    <td>{r.source.scope}</td>
                    <td className="num">{r.calls.length.toLocaleString('en')}</td>
                    <td className="policy-row-actions">
                      <IconButton
                        size="sm"
                        icon="edit"
                        label={`Edit rule ${r.source.text}`}
                        title="Edit: see what changes"
                        onClick={() => startEdit(r.source)}
                      />
                    </td>
                  </tr>
                ))}
                <tr className={`policy-rule-row${selected === null ? ' is-selected' : ''}`}>
                  <td />
                  <th scope="row">
                    <button
                      type="button"
                      className="policy-rule-button"
                      aria-pressed={selected === null}
                      onClick={() => choose(null)}
                    >
                      No rule (the tool’s default)
                    </button>
                  </th>
                  <td />
                  <td className="num">{report.byDefault.length.toLocaleString('en')}</td>
                  <td />
                </tr>
              </tbody>
            </table>
          </div>
        </section>
        {detail}
      </div>
    </section>
  );
}

/** The dialects the Policy view knows, in the order the switch lists them (`dialects.ts`). */
export const POLICY_DIALECTS: readonly PolicyDialect[] = [
  { id: 'claude', label: 'Claude Code', present: (docs) => hasFamily(docs, 'claude'), view: ClaudePolicyView },
  { id: 'codex', label: 'Codex', present: (docs) => hasFamily(docs, 'codex'), view: CodexPolicyView },
  { id: 'gemini', label: 'Gemini CLI', present: (docs) => hasFamily(docs, 'gemini'), view: GeminiPolicyView },
];

/**
 * The Policy view: the view of the dialect whose files the project holds, or a switch between
 * them when it holds several (Claude Code's view, with its "no settings" help, when it holds none).
 */
export function PolicyView() {
  const docs = useStudio((s) => s.project.docs);
  const present = POLICY_DIALECTS.filter((d) => d.present(docs));
  const [chosen, setChosen] = useState<string>();
  // While Translate is open, the view of the dialect it translates from stays shown.
  const translating = useStore(translateStore, (s) => s.from);
  const live = useStore(liveStore, (s) => s.lines !== undefined);
  const dialect = present.find((d) => d.id === (translating ?? chosen)) ?? present.find((d) => d.id === chosen) ?? present[0] ?? POLICY_DIALECTS[0];
  if (!dialect) return null;
  const View = dialect.view;
  if (present.length < 2 && !live) return <View />;
  return (
    <div className="policy-dialects">
      <LivePolicyStatus />
      {present.length > 1 && (
        <div className="policy-dialect-switch" role="group" aria-label="Policy dialect">
          {present.map((d) => (
            <Button
              key={d.id}
              size="sm"
              label={d.label}
              aria-pressed={d.id === dialect.id}
              onClick={() => {
                setChosen(d.id);
                translateStore.setState({ from: undefined });
              }}
            />
          ))}
        </div>
      )}
      <View />
    </div>
  );
}
