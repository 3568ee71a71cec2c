/**
 * The key to the path walked, in the canvas's corner while a run is stepped (never on stage): what
 * the quiet path and the strong last move (when one is drawn) mean, and, on a long run, that the path shown is its
 * latest part only (the decisions read back from the selected one: usePathWalked.ts).
 */
import { useContext } from 'react';
import { StageContext } from './stage.ts';
import { formatCount } from '../formatCount.ts';
import { PATH_DECISIONS, type PathMarks } from './usePathWalked.ts';

export function PathLegend({ path }: { path: PathMarks }) {
  const stage = useContext(StageContext);
  if (stage.on) return null;
  const cut = path.from > 0;
  return (
    <p
      className="rs-path-legend"
      title={cut ? `The graph draws the path of the last ${formatCount(PATH_DECISIONS)} decisions up to the selected one; the timeline lists them all.` : undefined}
    >
      <span className="rs-path-key rs-path-key-walked" aria-hidden="true" />
      {cut ? `Path of the last ${formatCount(PATH_DECISIONS)} decisions` : 'Path so far'}
      {path.last.size > 0 ? (
        <>
          <span className={`rs-path-key rs-path-key-last${path.refused ? ' rs-path-key-refused' : ''}`} aria-hidden="true" />
          {path.refused ? 'Call tried' : 'Last move'}
        </>
      ) : null}
    </p>
  );
}
