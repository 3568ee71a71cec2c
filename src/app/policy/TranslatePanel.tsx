/**
 * Translate (issue 24): the Policy view's panel that translates the shown dialect's policy into
 * another — the directions are the core's registry (`translationsFrom`), so a direction core
 * adds appears here by itself. Choosing one writes the translation into the project as a new
 * document (one undo step), then shows the report (each rule the target cannot say, or says more
 * broadly, with its source line) and the what-if diff: every shell command of the loaded
 * sessions the source and the translation decide differently (`compareOnCommands`).
 */
import { useState } from 'react';
import type { Comparison } from '../../core/permissions/translate/compare.ts';
import type { PolicyFiles } from '../../core/permissions/translate/registry.ts';
import type { Dialect, Translation, TranslationNote } from '../../core/permissions/translate/types.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { codecs } from '../state/codecs.ts';
import { Button } from '../components/ui/Button.tsx';
import { ChangeList } from './ChangeList.tsx';
import { count } from './policyText.ts';
import { translateStore, useTranslateOpen, type PolicyDialectId } from './translateStore.ts';
import { runTranslate } from './policyClient.ts';

export { useTranslateOpen };

const NAME: Record<Dialect, string> = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' };

/** The head's "Translate to…" toggle. */
export function TranslateButton({ from }: { from: PolicyDialectId }) {
  const open = useTranslateOpen(from);
  return <Button size="sm" icon="export" label="Translate to…" aria-pressed={open} onClick={() => translateStore.setState({ from: open ? undefined : from })} />;
}

/** A file name the project does not hold yet (`translated.toml`, `translated-2.toml`, …). */
function freeName(taken: readonly string[], name: string): string {
  if (!taken.includes(name)) return name;
  const dot = name.lastIndexOf('.');
  for (let i = 2; ; i++) {
    const next = `${name.slice(0, dot)}-${i}${name.slice(dot)}`;
    if (!taken.includes(next)) return next;
  }
}

function Notes({ title, notes }: { title: string; notes: readonly TranslationNote[] }) {
  if (notes.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul className="insp-list" aria-label={title}>
        {notes.map((n, i) => (
          <li key={i}>
            <code>{n.rule.text}</code> <span className="corpus-muted">{n.rule.file ? `${n.rule.file}:${n.rule.line}:${n.rule.col}` : ''}</span> — {n.why}
          </li>
        ))}
      </ul>
    </>
  );
}

const VERDICT: Record<string, string> = { allow: 'allow', ask: 'ask', deny: 'deny', none: 'no rule' };

export function TranslatePanel({ source, sessions }: { source: PolicyFiles; sessions: readonly { name: string; text: string }[] }) {
  const store = useStudioStore();
  const docs = useStudio((s) => s.project.docs);
  const [done, setDone] = useState<{ translation: Translation; file: string; comparison: Comparison }>();
  const [busy, setBusy] = useState<Dialect>();
  const directions = codecs().translationsFrom(source.dialect);

  // Translated and compared in the policy worker; the text is then read back as a new document.
  const translate = (to: Dialect) => {
    if (!directions.some((d) => d.to === to)) return;
    const file = freeName(
      docs.map((d) => d.fileName),
      codecs().TRANSLATED_FILE[to],
    );
    setBusy(to);
    runTranslate({ source, to, file, sessions: [...sessions] }).then(
      ({ translation, comparison }) => {
        setBusy(undefined);
        if (store.getState().importFile(file, translation.text) === 0) {
          store.getState().notify('error', `The ${NAME[to]} translation could not be read back as ${file}: nothing was added.`);
          return;
        }
        store.getState().notify('info', `Added ${file}, the ${NAME[to]} translation. Undo removes it.`);
        setDone({ translation, file, comparison });
      },
      (e: unknown) => {
        setBusy(undefined);
        store.getState().notify('error', `The ${NAME[to]} translation failed: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
  };

  const t = done?.translation;
  const c = done?.comparison;
  return (
    <section className="corpus-section policy-panel" aria-labelledby="translate-title">
      <div className="policy-panel-head">
        <h3 id="translate-title">Translate {NAME[source.dialect]}</h3>
      </div>
      <div className="policy-panel-scroll">
        {directions.length === 0 ? (
          <p className="corpus-muted">No translation from {NAME[source.dialect]} yet.</p>
        ) : (
          <div className="policy-actions translate-directions" role="group" aria-label="Translate to">
            {directions.map((d) => (
              <Button key={d.to} size="sm" label={`To ${NAME[d.to]}`} disabled={busy !== undefined} aria-busy={busy === d.to} title={d.via ? `Through ${NAME[d.via]}: both steps’ notes are listed` : undefined} onClick={() => translate(d.to)} />
            ))}
          </div>
        )}
        {t && c && done && (
          <div role="region" aria-label="Translation report">
            <p className="policy-whatif-count" data-testid="translate-summary">
              Added <code>{done.file}</code>: {count(t.translated, 'rule')} translated from {NAME[t.from]} to {NAME[t.to]}; {t.approximate.length} said more broadly; {t.untranslated.length} not translated.
            </p>
            <Notes title="Said more broadly" notes={t.approximate} />
            <Notes title="Not translated" notes={t.untranslated} />
            <h4>What if: the sessions under the translation</h4>
            <p data-testid="translate-diff-count">
              {c.commands === 0
                ? 'No shell command in the loaded sessions to compare: import a session.'
                : c.differences.length === 0
                  ? `All ${count(c.commands, 'shell command')} of the loaded sessions are decided the same by both policies’ rules.`
                  : `${count(c.differences.length, 'shell command')} of ${c.commands} decided differently; ${c.same} the same.`}
            </p>
            <ChangeList
              label="Calls decided differently"
              changes={c.differences.map((d, i) => ({
                key: i,
                before: VERDICT[d.a.verdict] ?? d.a.verdict,
                after: VERDICT[d.b.verdict] ?? d.b.verdict,
                text: d.command,
                where: `${NAME[t.from]}: ${d.a.rule ?? 'no rule'} → ${NAME[t.to]}: ${d.b.rule ?? 'no rule'}`,
              }))}
            />
          </div>
        )}
      </div>
      <div className="policy-actions">
        <Button size="sm" label="Close" onClick={() => translateStore.setState({ from: undefined })} />
      </div>
    </section>
  );
}
