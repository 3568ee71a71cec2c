/** The application shell. The designer arrives with its own issue; this page checks rule files. */
export function App() {
  return (
    <main className="app">
      <header className="app-header">
        <h1>Rule Studio</h1>
        <p>Design, validate and replay the rules that govern how AI agents use tools.</p>
      </header>
    </main>
  );
}
