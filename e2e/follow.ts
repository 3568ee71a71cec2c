/** `rule-studio follow --studio` run from the sources, for the live e2e tests (stopped after each test). */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];
/** Stops the `follow` processes still running (a spec's `afterEach`). */
export function stopFollowers(): void {
  for (const c of children.splice(0)) c.kill('SIGINT');
}

/** Runs `follow --studio` (from the sources) and resolves with the address it prints. */
export function follow(session: string, rules: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'follow', session, rules, '--studio', '--no-open'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`follow printed no address in 30 s: ${err}`)), 30_000);
    // the address goes to stderr: stdout is the decision stream
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /Rule Studio on (\S+)/.exec(err);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], child });
      }
    });
    child.on('exit', (code) => reject(new Error(`follow exited with ${code}: ${err}`)));
  });
}

