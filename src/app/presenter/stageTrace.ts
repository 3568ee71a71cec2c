/**
 * The current node on the stage graph in its verdict's state, large and with its word (pure,
 * tested without a browser). The stage's canvas is the studio's own, so this is a style sheet
 * scoped to the stage; the path walked is the canvas's own classes (`usePathWalked.ts`), coloured
 * for the stage in `presenter.css`.
 */
import type { Verdict } from './stageStep.ts';
import { VERDICT_ICON as ICON, VERDICT_LABEL } from '../simulator/verdict.ts';

/** A CSS string literal for an attribute selector's value. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ')}"`;

export interface StageMarks {
  current?: string | undefined;
  verdict?: Verdict | undefined;
}

/** The style sheet that marks the current node under `scope` (a selector of the stage's graph). */
export function stageCss(scope: string, marks: StageMarks): string {
  const rules: string[] = [];
  if (marks.current !== undefined) {
    const v = marks.verdict ?? 'current';
    const node = `${scope} .react-flow__node[data-id=${quoted(marks.current)}]`;
    rules.push(`${node} { outline: 4px solid var(--stage-${v}); outline-offset: 3px; background: color-mix(in srgb, var(--stage-${v}) 14%, var(--panel)); }`);
    rules.push(`${node}::before { content: ${quoted(`${ICON[v]} ${VERDICT_LABEL[v]}`)}; background: var(--stage-${v}); }`);
  }
  return rules.join('\n');
}

