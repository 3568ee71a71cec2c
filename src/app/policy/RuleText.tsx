/** A rule's text in the Policy table, with wrap points where it reads (see {@link ruleParts}). */
import { WrapParts } from '../graph/NodeName.tsx';
import { ruleParts } from './ruleBreaks.ts';

export function RuleText({ text }: { text: string }) {
  return <WrapParts parts={ruleParts(text)} />;
}
