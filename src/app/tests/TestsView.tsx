/**
 * The Tests view: every rule-set test of the project with pass/fail, re-run in the simulation
 * worker after every edit. A failure shows the step, what was expected and seen, and why the
 * engine decided that; "Open in simulator" replays the test there at the failing step. Test files
 * can be edited in place (the results follow as you type) and removed (undoable).
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useStudio, useStudioStore } from '../state/context.tsx';
import type { TestFileOutcome, TestOutcome } from '../../worker/protocol.ts';
import { ensureTestsWatching, testsStore } from './testsStore.ts';
import { openTestInSimulator } from './openTest.ts';
import { useShowSimulator } from './useShowSimulator.ts';
import { TEST_SAMPLE } from './testSample.ts';
import { useUi } from '../state/uiContext.tsx';
import './tests.css';
import { Button } from '../components/ui/Button.tsx';
import type { RuleRef } from '../../core/simulator/explainTypes.ts';
import { ruleMentions } from './ruleMentions.ts';
import { openTestRule } from './openTestRule.ts';
import { CodeText } from '../components/ui/CodeText.tsx';

const MARK = { pass: '✓', fail: '✗', error: '!' } as const;
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

export function TestsView({ id, hidden }: { id?: string; hidden?: boolean }) {
  const store = useStudioStore();
  useEffect(() => ensureTestsWatching(store), [store]);
  const tests = useStudio((s) => s.project.tests);
  const outcomes = useStore(testsStore(), (s) => s.outcomes);
  const counts = useStore(testsStore(), (s) => s.counts);
  const running = useStore(testsStore(), (s) => s.running);
  const error = useStore(testsStore(), (s) => s.error);
  const runs = useStore(testsStore(), (s) => s.runs);

  return (
    <section id={id} hidden={hidden} className="tests-view" aria-label="Tests">
      <header className="tests-head">
        <h2>Tests</h2>
        <span className="tests-summary" role="status" aria-live="polite">
          {(tests ?? []).length === 0
            ? 'No tests yet'
            : error !== undefined
              ? 'The tests could not run'
              : runs === 0
              ? 'Running…'
              : `${counts.passed} passed${counts.failed > 0 ? ` · ${counts.failed} failed` : ''}${counts.errors > 0 ? ` · ${plural(counts.errors, 'error')}` : ''}${running ? ' · running…' : ''}`}
        </span>
        <Button size="sm" variant="primary" icon="play" label="Run" onClick={() => void testsStore().getState().run(store.getState().project)} disabled={(tests ?? []).length === 0} />
      </header>
      {error && <p className="tests-error">{error}</p>}
      {(tests ?? []).length === 0 ? (
        <div className="tests-empty">
          <p>
            A test pins what the rules must decide on a trace. Import a <code>*.test.yaml</code> file, or replay a trace in the simulator and use <strong>Save as test</strong>. The gallery’s examples open with theirs.
          </p>
          <details className="tests-format">
            <summary>What a test file looks like</summary>
            <pre>{TEST_SAMPLE}</pre>
          </details>
        </div>
      ) : (
        <ul className="tests-files">
          {(tests ?? []).map((t) => (
            <TestFileItem key={t.id} fileId={t.id} name={t.name} text={t.text} outcome={outcomes.find((o) => o.id === t.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TestFileItem({ fileId, name, text, outcome }: { fileId: string; name: string; text: string; outcome: TestFileOutcome | undefined }) {
  const store = useStudioStore();
  const [editing, setEditing] = useState(false);
  return (
    <li className="tests-file">
      <div className="tests-file-head">
        <span className="tests-file-name">{name}</span>
        <Button size="sm" label={editing ? 'Done' : 'Edit'} aria-expanded={editing} onClick={() => setEditing(!editing)} />
        <Button size="sm" variant="danger" label="Remove" aria-label={`Remove ${name}`} onClick={() => store.getState().removeTest(fileId)} />
      </div>
      {editing && (
        <textarea
          className="tests-editor"
          aria-label={`Text of ${name}`}
          spellCheck={false}
          value={text}
          rows={Math.min(24, text.split('\n').length + 1)}
          onChange={(e) => store.getState().setTestText(fileId, e.target.value)}
        />
      )}
      {outcome && outcome.errors.length > 0 && (
        <ul className="tests-problems" aria-label={`Problems in ${name}`}>
          {outcome.errors.map((e) => (
            <li key={e}>
              <CodeText text={e} />
            </li>
          ))}
        </ul>
      )}
      <ul className="tests-list">
        {outcome?.tests.map((t) => (
          <TestItem key={t.name} fileId={fileId} test={t} dialect={outcome.dialect} />
        ))}
      </ul>
    </li>
  );
}

function TestItem({ fileId, test, dialect }: { fileId: string; test: TestOutcome; dialect: TestFileOutcome['dialect'] }) {
  const store = useStudioStore();
  const show = useShowSimulator();
  const showPolicy = useUi((s) => s.showPolicy);
  const first = test.failures.find((f) => f.step !== undefined);
  const open = (step: number | undefined) => void openTestInSimulator(store, fileId, test.name, step, show, test.failures);
  const openRule = (rule: RuleRef) => void openTestRule(store, fileId, test.name, rule);
  return (
    <li className={`tests-test is-${test.status}`} data-status={test.status}>
      <div className="tests-test-head">
        <span className="tests-mark" aria-hidden="true">
          {MARK[test.status]}
        </span>
        <span className="tests-name">{test.name}</span>
        <span className="visually-hidden">{test.status === 'pass' ? 'passed' : test.status === 'fail' ? 'failed' : 'could not run'}</span>
        <span className="tests-steps">{plural(test.steps, 'step')}</span>
        {test.status !== 'error' && dialect === undefined && (
          <Button size="sm" label={first ? `Open at step ${first.step}` : 'Open in simulator'} onClick={() => open(first?.step)} />
        )}
        {dialect !== undefined && <Button size="sm" label="Open Policy" title={`The ${dialect === 'codex' ? 'Codex' : 'Gemini CLI'} Policy view: each rule with the calls of the project’s sessions it decides`} onClick={() => showPolicy()} />}
      </div>
      {test.errors.length > 0 && (
        <ul className="tests-problems">
          {test.errors.map((e) => (
            <li key={e}>
              <CodeText text={e} />
            </li>
          ))}
        </ul>
      )}
      {test.notes && test.notes.length > 0 && (
        <ul className="tests-notes" aria-label="Renumbered rules">
          {test.notes.map((n) => (
            <li key={n}>
              <RuleLinkedText text={n} onRule={openRule} />
            </li>
          ))}
        </ul>
      )}
      {test.failures.length > 0 && (
        <ol className="tests-failures">
          {test.failures.map((f, i) => (
            <li key={i}>
              <div className="tests-where">
                {f.step !== undefined ? (
                  <Button variant="link" label={`Step ${f.step}`} onClick={() => open(f.step)} />
                ) : (
                  'Run'
                )}{' '}
                <span className="tests-line">line {f.line}</span>
              </div>
              <dl>
                <dt>Expected</dt>
                <dd>
                  <RuleLinkedText text={f.expected.replace(/^step \d+: /, '')} onRule={openRule} />
                </dd>
                <dt>Seen</dt>
                <dd>
                  <RuleLinkedText text={f.seen} onRule={openRule} />
                </dd>
                {f.why.length > 0 && (
                  <>
                    <dt>Why</dt>
                    <dd>
                      <CodeText text={f.why[0] ?? ''} />
                      {f.why.length > 1 && (
                        <ul>
                          {f.why.slice(1).map((w) => (
                            <li key={w}>
                              <CodeText text={w} />
                            </li>
                          ))}
                        </ul>
                      )}
                    </dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** A failure's words with each rule they name ("rule #4", "rule #2 of node `code`") a link to the rule, as the simulator's rule link. */
function RuleLinkedText({ text, onRule }: { text: string; onRule(rule: RuleRef): void }) {
  return ruleMentions(text).map((p, i) =>
    p.rule ? (
      <button key={i} type="button" className="btn btn-link tests-rule-link" onClick={() => onRule(p.rule as RuleRef)} title={`Select ${p.text.replace(/`/g, '')} and show it in the source`}>
        <CodeText text={p.text} />
      </button>
    ) : (
      <CodeText key={i} text={p.text} />
    ),
  );
}
