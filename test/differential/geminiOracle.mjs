/**
 * The Gemini CLI oracle process for the differential test: loads `@google/gemini-cli-core`'s own
 * TOML loader and `PolicyEngine` from the cached oracle package (never the app's install) and
 * answers one JSON case per stdin line with one JSON result per stdout line. Run by geminiOracle.ts.
 * argv[2]: the package's dist/src/policy directory. Case: {files:[{name,text,tier}], calls:[{name,args,mode,nonInteractive}]}.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const out = process.stdout.write.bind(process.stdout);
for (const k of ['log', 'debug', 'info', 'warn', 'error']) console[k] = () => {};
const dir = process.argv[2];
const { PolicyEngine } = await import(join(dir, 'policy-engine.js'));
const { loadPoliciesFromToml } = await import(join(dir, 'toml-loader.js'));
const { NoopSandboxManager } = await import(join(dir, '..', 'services', 'sandboxManager.js'));
/** A workspace that does not exist: no symlinks or files to look at, as in Rule Studio's pure core. */
const WORKSPACE = '/nonexistent/rule-studio-workspace';
const TIERS = { default: 1, extension: 2, workspace: 3, user: 4, admin: 5 };
const root = mkdtempSync(join(tmpdir(), 'gemini-oracle-'));
let n = 0;
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (line.trim() === '') continue;
  const c = JSON.parse(line);
  const caseDir = join(root, String(n++));
  mkdirSync(caseDir);
  const tierOf = new Map();
  const paths = c.files.map((f) => {
    const p = join(caseDir, f.name);
    writeFileSync(p, f.text);
    tierOf.set(p, TIERS[f.tier]);
    return p;
  });
  const result = { errors: [], results: [] };
  try {
    const loaded = await loadPoliciesFromToml(paths, (p) => tierOf.get(p));
    result.errors = loaded.errors.map((e) => ({
      fileName: e.fileName,
      errorType: e.errorType,
      ruleIndex: e.ruleIndex ?? null,
      severity: e.severity ?? 'error',
    }));
    for (const call of c.calls) {
      let engine;
      try {
        engine = new PolicyEngine({
          rules: [...loaded.rules],
          approvalMode: call.mode,
          nonInteractive: call.nonInteractive,
          sandboxManager: new NoopSandboxManager({ workspace: WORKSPACE }),
        });
      } catch (e) {
        result.engineError = String(e.message).split('.')[0];
        break;
      }
      const r = await engine.check({ name: call.name, args: call.args });
      result.results.push({
        decision: r.decision,
        rule: r.rule
          ? {
              source: r.rule.source,
              priority: r.rule.priority,
              toolName: r.rule.toolName,
              decision: r.rule.decision,
              argsPattern: r.rule.argsPattern ? r.rule.argsPattern.source : null,
            }
          : null,
      });
    }
  } catch (e) {
    result.crash = String(e && e.stack ? e.stack : e);
  }
  rmSync(caseDir, { recursive: true, force: true });
  out(JSON.stringify(result) + '\n');
}
rmSync(root, { recursive: true, force: true });
