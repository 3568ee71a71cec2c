/** The current step in Simulate mode: its decision explained above, the state after it below; each scrolls on its own. */
import { DecisionPanel } from './DecisionPanel.tsx';
import { StatePanel } from './StatePanel.tsx';

export function StepView() {
  return (
    <div className="sim-stepview">
      <DecisionPanel />
      <StatePanel />
    </div>
  );
}
