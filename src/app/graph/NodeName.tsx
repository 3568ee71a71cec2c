/** A node's name with wrap points between its words (see {@link nameParts}). */
import { Fragment } from 'react';
import { nameParts } from './nameBreaks.ts';

export function NodeName({ name }: { name: string }) {
  return (
    <span>
      {nameParts(name).map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {p}
        </Fragment>
      ))}
    </span>
  );
}
