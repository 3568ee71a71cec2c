/**
 * What a document with nothing to draw shows on its canvas, centred, instead of a blank grid: why
 * it is empty and the one action that fills it. A text that does not read says where it breaks,
 * with a button to that place in Source; a new agent offers Add tool; a new workflow, Add phase;
 * a family whose rules are written in its file (Letta, Claude Code, Codex, Gemini CLI) says so.
 */
import { useContext } from 'react';
import type { RuleDoc } from '../state/documents.ts';
import { readingError } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { Button } from '../components/ui/Button.tsx';
import { CodeText } from '../components/ui/CodeText.tsx';
import { ALL_ACTIONS } from '../actions/index.ts';
import { StageContext } from './stage.ts';
import { diagnosticsOf } from '../state/documents.ts';
import { applyQuickFix } from '../panels/applyQuickFix.ts';

/** F011 (`AGENT_RULES_IGNORED` of the agent reader, not imported: that module is not part of the first load). */
const RULES_IGNORED = 'F011';

const FAMILY: Record<string, string> = { letta: 'A Letta agent', claude: 'Claude Code settings', codex: 'Codex rules', gemini: 'Gemini CLI policies' };

export function EmptyGraph({ doc }: { doc: RuleDoc }) {
  const store = useStudioStore();
  const ui = useUiStore();
  const stage = useContext(StageContext);
  if (stage.on) return null;
  const run = (id: string) => void ALL_ACTIONS.find((a) => a.id === id)?.run({ store, ui });
  const broken = readingError(doc);
  const ignored = doc.kind === 'agent' ? diagnosticsOf(doc).diagnostics.find((d) => d.code === RULES_IGNORED) : undefined;
  let body;
  if (broken) {
    const at = `line ${broken.range.start.line}, column ${broken.range.start.column}`;
    body = (
      <>
        <h2>{doc.fileName} does not read yet</h2>
        <p className="muted">
          <CodeText text={`${broken.message} (${at}).`} /> The graph appears once the text reads; nothing you typed is lost.
        </p>
        <div className="canvas-empty-actions">
          <Button variant="primary" label={`Go to ${at}`} onClick={() => store.getState().revealRange(doc.id, broken.range)} />
        </div>
      </>
    );
  } else if (ignored) {
    // A Pattern agent file whose rules sit where Pattern does not read them (F011): say so here,
    // where the empty graph is seen, not only in Problems (review16).
    body = (
      <>
        <h2>Pattern ignores this file’s rules</h2>
        <p className="muted">
          <CodeText text={ignored.message} />
        </p>
        {ignored.fix ? (
          <div className="canvas-empty-actions">
            <Button variant="primary" label={ignored.fix.title} onClick={() => applyQuickFix(store, doc, ignored)} />
          </div>
        ) : null}
      </>
    );
  } else if (doc.kind === 'workflow') {
    body = (
      <>
        <h2>No phases yet</h2>
        <p className="muted">A workflow moves through phases. Add the first one, then drag from a phase to the next to add a transition.</p>
        <div className="canvas-empty-actions">
          <Button variant="primary" icon="plus" label="Add phase" onClick={() => run('add-phase')} />
        </div>
      </>
    );
  } else if (doc.agent.family === undefined) {
    body = (
      <>
        <h2>No tools yet</h2>
        <p className="muted">Add the agent’s tools, then drag from one tool to another to say which must come first.</p>
        <div className="canvas-empty-actions">
          <Button variant="primary" icon="plus" label="Add tool" shortcut="T" onClick={() => run('add-tool')} />
        </div>
      </>
    );
  } else {
    body = (
      <>
        <h2>No rules to draw</h2>
        <p className="muted">{FAMILY[doc.agent.family] ?? 'This file'} has no rules yet. They are written in the file: add them in Source, and the graph draws them.</p>
      </>
    );
  }
  return (
    <div className="canvas-empty canvas-empty-doc" role="note" aria-label="Empty graph">
      {body}
    </div>
  );
}
