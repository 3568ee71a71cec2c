/**
 * The "Breakpoints" button of a live view and its popover: groups of checkboxes, each a breakpoint
 * (a decision kind, a rule). A breakpoint stops the view only; the agent runs on.
 */
import { useStore } from 'zustand';
import { Button } from '../components/ui/Button.tsx';
import { Popover } from '../components/ui/Popover.tsx';
import { liveActions, liveStore, sameBreakpoint, type LiveBreakpoint } from './liveStore.ts';

export interface BreakpointGroup {
  legend: string;
  items: readonly { breakpoint: LiveBreakpoint; label: string; key: string }[];
}

export function BreakpointsPopover({ groups, title }: { groups: readonly BreakpointGroup[]; title: string }) {
  const breakpoints = useStore(liveStore, (s) => s.breakpoints);
  const on = (b: LiveBreakpoint) => breakpoints.some((x) => sameBreakpoint(x, b));
  return (
    <Popover label="Breakpoints" align="end" trigger={<Button size="sm" label={breakpoints.length > 0 ? `Breakpoints (${breakpoints.length})` : 'Breakpoints'} title={title} />}>
      <div className="live-bps">
        {groups
          .filter((g) => g.items.length > 0)
          .map((g) => (
            <fieldset key={g.legend}>
              <legend>{g.legend}</legend>
              {g.items.map((item) => (
                <label key={item.key} className="live-bp">
                  <input type="checkbox" checked={on(item.breakpoint)} onChange={() => liveActions.toggleBreakpoint(item.breakpoint)} /> {item.label}
                </label>
              ))}
            </fieldset>
          ))}
        <p className="sim-small sim-muted">A breakpoint stops this view only: the agent runs on and its decisions keep arriving.</p>
      </div>
    </Popover>
  );
}
