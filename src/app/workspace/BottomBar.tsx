/**
 * The bottom panel folded (how Design starts, so the graph gets the room): one bar with a button
 * per view of the panel (Source and problems, Tests), each with its live count — the errors /
 * warnings / infos of the document are always in sight. A button opens the panel on its view.
 */
import { viewsOf } from './views.tsx';
import { Icon } from '../components/ui/Icon.tsx';

/** The element id of the bar's first button (focus lands there when the panel folds). */
export const BOTTOM_BAR_ID = 'rail-bottom-panel';

export function BottomBar({ onOpen }: { onOpen(view: string): void }) {
  return (
    <div className="rail rail-bottom bottom-bar" role="group" aria-label="Bottom panel (folded)">
      {viewsOf('design-bottom').map((v, i) => {
        const Badge = v.badge;
        return (
          <button key={v.id} type="button" id={i === 0 ? BOTTOM_BAR_ID : undefined} className="rail-btn bottom-bar-btn" title={`Show ${v.label}`} onClick={() => onOpen(v.id)}>
            {i === 0 ? <Icon name="chevronUp" size={14} /> : null}
            <span className="rail-label">{v.label}</span>
            {Badge ? <Badge /> : null}
          </button>
        );
      })}
    </div>
  );
}
