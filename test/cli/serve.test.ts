/**
 * `rule-studio serve`'s server: loopback names only, the session token (traded for a cookie), writes
 * only from the page's own origin and only to the files it serves, whole or not at all.
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_WRITE_BYTES, startStudioServer, type StudioServer } from '../../src/cli/serve/studioServer.ts';
import { findAppDir, servedFiles } from '../../src/cli/commands/serveRun.ts';
import { listFiles, readText } from '../../src/cli/io.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request (the Host and Origin headers are the test's to choose, unlike fetch's). */
function ask(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const AGENT = 'name = "a"\ntools = ["x"]\n# a comment the studio keeps\n';

describe('rule-studio serve: the local server', () => {
  let server: StudioServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const setup = async (writeBack = false) => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-serve-'));
    const app = join(dir, 'dist');
    mkdirSync(join(app, 'assets'), { recursive: true });
    writeFileSync(join(app, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    writeFileSync(join(app, 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(join(dir, 'secret.txt'), 'not for the page');
    const agent = join(dir, 'agent.toml');
    writeFileSync(agent, AGENT);
    server = await startStudioServer({ appDir: app, files: [{ path: agent, name: 'agent.toml' }], writeBack });
    const cookie = `rule_studio_token=${server.token}`;
    return { dir, agent, port: server.port, cookie, origin: `http://127.0.0.1:${server.port}` };
  };

  it('listens on 127.0.0.1 at a free port, with a random token in the printed address', async () => {
    const { port } = await setup();
    expect(server?.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=[0-9a-f]{48}$`));
  });

  it('trades the token in the address for a SameSite=Strict cookie and drops it from the address', async () => {
    const { port } = await setup();
    const r = await ask(port, `/?token=${server?.token}`);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/');
    expect(String(r.headers['set-cookie'])).toMatch(/rule_studio_token=[0-9a-f]{48}; HttpOnly; SameSite=Strict; Path=\//);
  });

  it('refuses a request without the token, with a wrong token, or naming another host (DNS rebinding)', async () => {
    const { port, cookie } = await setup();
    expect((await ask(port, '/')).status).toBe(403);
    expect((await ask(port, '/?token=0000')).status).toBe(403);
    expect((await ask(port, '/', { cookie: 'rule_studio_token=nope' })).status).toBe(403);
    const rebound = await ask(port, '/', { cookie, host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('only to 127.0.0.1 and localhost');
    expect((await ask(port, '/', { cookie, host: `localhost:${port}` })).status).toBe(200);
  });

  it('serves the page with the serve marker and the security headers, and the assets', async () => {
    const { port, cookie } = await setup();
    const page = await ask(port, '/', { cookie });
    expect(page.body).toContain('<meta name="rule-studio-serve" content="1" />');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = await ask(port, '/assets/main.js', { cookie });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
  });

  it('never serves a file outside the built studio', async () => {
    const { port, cookie } = await setup();
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e%2f%2e%2e%2fsecret.txt']) {
      const r = await ask(port, path, { cookie });
      expect(r.body, path).not.toContain('not for the page');
    }
  });

  it('gives the page its files and the write-back setting', async () => {
    const { port, cookie } = await setup(true);
    const r = await ask(port, '/__rule-studio/session', { cookie });
    expect(JSON.parse(r.body)).toEqual({ files: [{ id: 0, name: 'agent.toml', text: AGENT }], writeBack: true });
  });

  it('writes a served file on a PUT from the page, and refuses one from another origin or without one', async () => {
    const { port, cookie, origin, agent } = await setup();
    const edited = AGENT.replace('["x"]', '["x", "y"]');
    expect((await ask(port, '/__rule-studio/files/0', { cookie, origin: 'http://evil.example' }, 'PUT', edited)).status).toBe(403);
    expect((await ask(port, '/__rule-studio/files/0', { cookie }, 'PUT', edited)).status).toBe(403);
    expect(readFileSync(agent, 'utf8')).toBe(AGENT);
    expect((await ask(port, '/__rule-studio/files/0', { cookie, origin }, 'PUT', edited)).status).toBe(204);
    expect(readFileSync(agent, 'utf8')).toBe(edited);
  });

  it('writes only the files it serves, by index, and nothing larger than the cap', async () => {
    const { port, cookie, origin, agent } = await setup();
    expect((await ask(port, '/__rule-studio/files/1', { cookie, origin }, 'PUT', 'x')).status).toBe(404);
    expect((await ask(port, '/__rule-studio/files/..%2fsecret.txt', { cookie, origin }, 'PUT', 'x')).status).toBe(404);
    const big = await ask(port, '/__rule-studio/files/0', { cookie, origin }, 'PUT', Buffer.alloc(MAX_WRITE_BYTES + 1, 97));
    expect(big.status).toBe(413);
    expect(readFileSync(agent, 'utf8')).toBe(AGENT);
  });
});

describe('rule-studio serve: what it opens', () => {
  const ctx = { readText, listFiles, out: () => undefined, err: () => undefined };

  it('opens a file as given and a folder’s rule files and traces by their path inside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-serve-files-'));
    mkdirSync(join(dir, 'rules', 'nested'), { recursive: true });
    writeFileSync(join(dir, 'rules', 'agent.toml'), AGENT);
    writeFileSync(join(dir, 'rules', 'nested', 'flow.yaml'), 'name: f\n');
    writeFileSync(join(dir, 'rules', 'notes.md'), '# not a rule file');
    writeFileSync(join(dir, 'one.toml'), AGENT);
    const files = servedFiles([join(dir, 'one.toml'), join(dir, 'rules')], ctx);
    expect(files.map((f) => f.name)).toEqual(['one.toml', 'agent.toml', join('nested', 'flow.yaml')]);
  });

  it('refuses a missing file by its name before anything is served', () => {
    expect(() => servedFiles(['/nonexistent/agent.toml'], ctx)).toThrow(/agent\.toml: no such file/);
  });

  it('finds no studio where none is built (the CLI then says to run npm run build)', () => {
    expect(findAppDir({ RULE_STUDIO_APP_DIR: mkdtempSync(join(tmpdir(), 'rs-empty-')) })).toBeUndefined();
  });
});
