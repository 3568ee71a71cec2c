/**
 * Canonical trace reading speed: ~200,000 JSONL lines generated in memory, fed in 64 KB chunks to
 * createCanonicalReader as text (how the Worker streams a file) and to createCanonicalByteReader as
 * UTF-8 bytes (how the CLI streams one; of this mix, the tool calls without token counts take its
 * fast path, the rest its full path).
 */
import { createCanonicalReader } from '../src/core/traces/canonical.ts';
import { createCanonicalByteReader } from '../src/core/traces/canonicalBytes.ts';
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

/** Times the streaming canonical readers; returns events per second and elapsed ms (CPU time). */
export function benchTraces(): { name: string; eventsPerSec: number; ms: number }[] {
  const text = generate(LINES);
  const bytes = new TextEncoder().encode(text);
  const count = (items: readonly { kind: string }[]) => items.reduce((n, item) => n + (item.kind === 'event' ? 1 : 0), 0);
  const readers: [string, () => number][] = [
    [
      `canonical JSONL as text, ${LINES} lines, 64 KB chunks`,
      () => {
        const reader = createCanonicalReader();
        let events = 0;
        for (let at = 0; at < text.length; at += CHUNK) events += count(reader.push(text.slice(at, at + CHUNK)));
        return events + count(reader.end());
      },
    ],
    [
      `canonical JSONL as UTF-8 bytes (the CLI's reader), ${LINES} lines, 64 KB chunks`,
      () => {
        const reader = createCanonicalByteReader();
        let events = 0;
        for (let at = 0; at < bytes.length; at += CHUNK) events += count(reader.push(bytes.subarray(at, at + CHUNK)));
        return events + count(reader.end());
      },
    ],
  ];
  return readers.map(([name, run]) => {
    run(); // warm-up
    const c0 = process.cpuUsage();
    const events = run();
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    if (events !== LINES) throw new Error(`${name}: expected ${LINES} events, read ${events}`);
    return { name, eventsPerSec: Math.round(events / (ms / 1000)), ms: Math.round(ms) };
  });
}
