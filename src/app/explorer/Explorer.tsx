/** The project explorer: the project's agents and workflows. */
import { useStudio } from '../state/context.tsx';

export function Explorer() {
  const docs = useStudio((s) => s.project.docs);
  const active = useStudio((s) => s.project.activeDocId);
  const setActive = useStudio((s) => s.setActiveDoc);
  return (
    <nav className="explorer" aria-label="Project">
      <ul>
        {docs.map((d) => (
          <li key={d.id}>
            <button type="button" aria-current={d.id === active} onClick={() => setActive(d.id)}>
              {d.kind === 'agent' ? d.agent.name : d.workflow.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
