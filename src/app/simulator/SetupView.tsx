/** Which traces to replay and the replay settings: the `Traces and settings` view of Simulate mode. */
import { TracesPanel } from './TracesPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

export function SetupView() {
  return (
    <div className="sim-setup">
      <TracesPanel />
      <SettingsPanel />
    </div>
  );
}
