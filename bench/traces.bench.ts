/**
 * Canonical trace reading speed: ~200,000 JSONL lines generated in memory, fed to
 * createCanonicalReader in 64 KB chunks (how the CLI and the Worker stream a file).
 */
import { createCanonicalReader } from '../src/core/traces/canonical.ts';
import { formatIso } from '../src/core/time.ts';

const LINES = 200_000;
const CHUNK = 64 * 1024;

/** A realistic mix of event lines, one second apart. */
function generate(lines: number): string {
  const t0 = Date.UTC(2025, 0, 1, 10);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const time = formatIso(t0 + i * 1000);
    switch (i % 5) {
      case 0:
        out.push(JSON.stringify({ type: 'tool_call', time, tool: 'search', args: { q: `query ${i}`, limit: 10 }, duration_ms: 40 }));
        break;
      case 1:
        out.push(JSON.stringify({ type: 'command', time, command: 'cargo build' }));
        break;
      case 2:
        out.push(JSON.stringify({ type: 'tokens', time, input: 800 + i, output: 200 }));
        break;
      case 3:
        out.push(JSON.stringify({ type: 'file_edit', time, path: `src/f${i % 37}.rs` }));
        break;
      default:
        out.push(JSON.stringify({ type: 'tool_call', time, tool: 'file', args: { operation: 'read', path: 'a.txt' }, tokens: { input: 5, output: 1 } }));
    }
  }
  return out.join('\n') + '\n';
}

/** Times the streaming canonical reader; returns events per second and elapsed ms. */
export function benchTraces(): { name: string; eventsPerSec: number; ms: number }[] {
  const text = generate(LINES);
  const run = () => {
    const reader = createCanonicalReader();
    let events = 0;
    for (let at = 0; at < text.length; at += CHUNK) {
      for (const item of reader.push(text.slice(at, at + CHUNK))) if (item.kind === 'event') events++;
    }
    for (const item of reader.end()) if (item.kind === 'event') events++;
    return events;
  };
  run(); // warm-up
  const start = performance.now();
  const events = run();
  const ms = performance.now() - start;
  if (events !== LINES) throw new Error(`expected ${LINES} events, read ${events}`);
  return [{ name: `canonical JSONL, ${LINES} lines, 64 KB chunks`, eventsPerSec: Math.round(events / (ms / 1000)), ms: Math.round(ms) }];
}
