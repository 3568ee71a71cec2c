/** A node's name with wrap points between its words (see {@link nameParts}). */
import { Fragment } from 'react';
import { nameParts } from './nameBreaks.ts';

/** Text in pieces with a wrap point between each two; a `keep` piece does not wrap inside (class `policy-keep`). */
export function WrapParts({ parts }: { parts: readonly (string | { text: string; keep: boolean })[] }) {
  return (
    <span>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {typeof p === 'string' ? p : p.keep ? <span className="policy-keep">{p.text}</span> : p.text}
        </Fragment>
      ))}
    </span>
  );
}

export function NodeName({ name }: { name: string }) {
  return <WrapParts parts={nameParts(name)} />;
}
