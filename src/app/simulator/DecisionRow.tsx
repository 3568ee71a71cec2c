/**
 * The content of one timeline row (Simulate and Live): the kind's icon, the step number, the text
 * with its quieter detail and a note chip (consent, automatic call), and the marks (outcome or
 * rule, flow) in columns of their own at the row's end, so they line up from row to row. Each mark is a symbol for the eye and words for a
 * screen reader (visually hidden text: it is part of the option's accessible name).
 */
import type { Decision } from '../../core/engine/decisions.ts';
import { decisionHead, decisionMarks, kindIcon, type DecisionMark } from './decisionText.ts';

const COLUMNS: readonly DecisionMark['slot'][] = ['main', 'flow'];
/**
 * The kind words a row's icon already says (✓ allowed, → transition, ⚠ interrupt): left out for
 * the eye, so a narrow timeline shows what moved or fired, and kept for a screen reader. Refusals
 * keep theirs in sight.
 */
const SAID_BY_ICON: Readonly<Partial<Record<Decision['kind'], string>>> = { allowed: 'allowed ', transition: 'transition ', interrupt: 'interrupt ' };

/** One mark: its symbol for the eye, its words for a screen reader (and the tooltip). */
function Mark({ mark: m }: { mark: DecisionMark }) {
  return (
    <span className={`sim-mark sim-mark-${m.slot}${m.tone ? ` sim-tone-${m.tone}` : ''}`} title={m.words}>
      <span className="visually-hidden">, {m.words}</span>
      <span aria-hidden="true">{m.glyph}</span>
    </span>
  );
}

/** `call`: the call the decision is about (`Bash(npm run build)`), said in the row's text in place of the tool alone. */
export function DecisionRowContent({ decision: d, seq, dedupeWindowMs, call }: { decision: Decision; seq: string; dedupeWindowMs?: number | undefined; call?: string | undefined }) {
  const head = decisionHead(d, dedupeWindowMs, call);
  const marks = decisionMarks(d);
  const note = marks.find((m) => m.slot === 'note');
  // the tooltip of an ellipsised label is its whole text; each mark has its own
  const text = head.detail !== undefined ? `${head.text}${head.join ?? ' '}${head.detail}` : head.text;
  // An allowed call reads as its chip on the presenter's strip does, `Bash(npm run build)`: its ✓
  // says allowed to the eye, and a narrow timeline shows the command rather than the word; a
  // screen reader still hears "allowed". The same for a transition's → and an interrupt's ⚠.
  const word = SAID_BY_ICON[d.kind];
  const quiet = word !== undefined && head.text.startsWith(word) ? word : undefined;
  return (
    <>
      <span className="sim-icon" aria-hidden="true">
        {kindIcon(d.kind)}
      </span>
      <span className="sim-seq" title={seq ? `Step ${seq}` : undefined}>
        {seq}
      </span>
      <span className="sim-label" title={text}>
        {quiet ? <span className="visually-hidden">{quiet}</span> : null}
        {/* the name gives way last: a narrow timeline cuts the quieter detail first (review13) */}
        <span className="sim-name">{quiet ? head.text.slice(quiet.length) : head.text}</span>
        {head.detail !== undefined ? (
          <span className="sim-detail">
            {head.join ?? ' '}
            {head.detail}
          </span>
        ) : null}
      </span>
      {note ? <Mark mark={note} /> : null}
      <span className="sim-marks">
        {COLUMNS.map((slot) => {
          const m = marks.find((x) => x.slot === slot);
          return m ? <Mark key={slot} mark={m} /> : <span key={slot} className={`sim-mark sim-mark-${slot}`} aria-hidden="true" />;
        })}
      </span>
    </>
  );
}
