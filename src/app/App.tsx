/**
 * The first page: check a rule file in the browser with the same core the CLI uses. Paste or
 * pick an example, see its diagnostics, the usage descriptions of each agent and the normalised
 * file. (The visual designer replaces this page in its own issue.)
 */
import { useMemo, useState } from 'react';
import { loadRuleFile } from '../core/codecs/load.ts';
import { checkLoadedFile } from '../core/check.ts';
import { describeAgent } from '../core/describe/usage.ts';
import { writeRuleFile } from '../core/codecs/write.ts';
import { EXAMPLES } from './examples.ts';
import { ProblemsList } from './ProblemsList.tsx';

const first = EXAMPLES[0] ?? { name: 'agent.toml', text: '' };

export function App() {
  const [fileName, setFileName] = useState(first.name);
  const [text, setText] = useState(first.text);
  const loaded = useMemo(() => loadRuleFile(fileName, text), [fileName, text]);
  const diagnostics = useMemo(() => checkLoadedFile(loaded), [loaded]);
  const target = loaded.workflows.length > 0 && loaded.agents.length === 0 ? 'yaml' : 'toml';
  const written = useMemo(
    () => writeRuleFile({ agents: loaded.agents, workflows: loaded.workflows }, target),
    [loaded, target],
  );

  return (
    <main className="app">
      <header className="app-header">
        <h1>Rule Studio</h1>
        <p>Design, validate and replay the rules that govern how AI agents use tools.</p>
      </header>
      <nav aria-label="Examples" className="examples">
        {EXAMPLES.map((ex) => (
          <button
            key={ex.name}
            type="button"
            aria-pressed={ex.name === fileName}
            onClick={() => {
              setFileName(ex.name);
              setText(ex.text);
            }}
          >
            {ex.name}
          </button>
        ))}
      </nav>
      <div className="panes">
        <section aria-label="Rule file" className="pane">
          <label>
            File name <input value={fileName} onChange={(e) => setFileName(e.target.value)} />
          </label>
          <textarea
            aria-label="Rule file text"
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </section>
        <section aria-label="Results" className="pane">
          <ProblemsList diagnostics={diagnostics} />
          <section aria-label="Usage descriptions">
            <h2>Usage descriptions</h2>
            {loaded.agents.length === 0 ? (
              <p className="muted">No agents in this file.</p>
            ) : (
              loaded.agents.map((a) => (
                <figure key={a.name}>
                  <figcaption>{a.name}</figcaption>
                  <pre>{describeAgent(a)}</pre>
                </figure>
              ))
            )}
          </section>
          <section aria-label="Source">
            <h2>Normalised {target.toUpperCase()}</h2>
            <pre>{written.text}</pre>
          </section>
        </section>
      </div>
    </main>
  );
}
