import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const dt = new Map(); p.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// inclusive time per node
const incl = new Map();
const inc = (id) => { if (incl.has(id)) return incl.get(id); const n = byId.get(id); let t = dt.get(id) ?? 0; for (const c of n.children ?? []) t += inc(c); incl.set(id, t); return t; };
for (const n of p.nodes) inc(n.id);
// top-level-ish: children of root's (program) ... print tree 4 levels, > 10ms
const root = p.nodes[0];
const show = (id, depth) => { const n = byId.get(id); const t = incl.get(id) / 1000; if (t < Number(process.argv[3] ?? 15)) return; const f = n.callFrame; console.log(`${'  '.repeat(depth)}${t.toFixed(0)} ${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`); if (depth < Number(process.argv[4] ?? 6)) for (const c of n.children ?? []) show(c, depth + 1); };
show(root.id, 0);
