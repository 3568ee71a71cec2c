/**
 * The local server of `rule-studio serve`: the built studio and the files it was asked to open,
 * on the loopback interface only.
 *
 * Who may talk to it: a request must name this server in its `Host` header (`127.0.0.1:<port>` or
 * `localhost:<port>`, so a DNS-rebinding page on another name is refused) and carry the session
 * token, either in the URL the terminal printed (`?token=…`, traded at once for a `SameSite=Strict`
 * cookie and removed from the address bar) or in that cookie. A request that writes must also come
 * from this origin (`Origin` header). The files it may write are exactly the ones it serves, by
 * index: no path ever comes from the page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SECURITY_HEADERS } from '../../../vite.csp.ts';

/** One file the studio opens, and may write back. */
export interface ServedFile {
  /** The path on disk. */
  path: string;
  /** The name the studio shows (the path as the user gave it, or relative to the folder). */
  name: string;
}

export interface StudioServerOptions {
  /** The built studio (`dist/`, holding `index.html`). */
  appDir: string;
  files: readonly ServedFile[];
  /** Edits are written to disk as they are made, not only on Save. */
  writeBack: boolean;
  /** 0 for a free port. */
  port?: number;
  /** The session token; a random one when absent. */
  token?: string;
  /** `follow --studio`: the stream of a followed session's decisions, at `/__rule-studio/live`. */
  live?: LiveEndpoint;
}

/** A Server-Sent Events stream the server hands its requests to (after the token and origin checks). */
export interface LiveEndpoint {
  /** `route`: what follows `live` in the path (`''` for the stream itself). */
  handle(req: IncomingMessage, res: ServerResponse, route: string): void;
  /** Ends its open streams (the server is closing). */
  close(): void;
}

export interface StudioServer {
  /** The address to open (carries the token). */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** The largest text the studio may write back to one file (the rule-file reading cap). */
export const MAX_WRITE_BYTES = 10 * 1024 * 1024;
/** Where the session's API lives, under the page's own path. */
export const API_PREFIX = '/__rule-studio/';
const COOKIE = 'rule_studio_token';
/** The marker the page looks for to know it was opened by `serve` (no probe on a static host). */
export const SERVE_META = '<meta name="rule-studio-serve" content="1" />';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: string | Buffer, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

/** Reads a request body up to `limit` bytes; undefined when it is larger. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Writes a file whole or not at all (a temporary file beside it, then a rename). */
function writeWhole(path: string, text: string): void {
  const temp = `${path}.rule-studio-${process.pid}.tmp`;
  writeFileSync(temp, text, 'utf8');
  renameSync(temp, path);
}

/** Starts the server; resolves once it listens. */
export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const token = options.token ?? randomBytes(24).toString('hex');
  const indexHtml = readFileSync(join(options.appDir, 'index.html'), 'utf8').replace('<head>', `<head>\n    ${SERVE_META}`);
  let port = options.port ?? 0;
  const hosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hosts().has(req.headers.host ?? '')) return send(res, 403, 'Refused: this server answers only to 127.0.0.1 and localhost.');
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const given = url.searchParams.get('token');
    if (given !== null) {
      if (!sameSecret(given, token)) return send(res, 403, 'Refused: the token in this address is not the one `rule-studio serve` printed.');
      url.searchParams.delete('token');
      const cookie = `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
      return send(res, 303, '', 'text/plain; charset=utf-8', { Location: `${url.pathname}${url.search}`, 'Set-Cookie': cookie });
    }
    const held = cookieToken(req);
    if (held === undefined || !sameSecret(held, token)) return send(res, 403, 'Refused: open the address `rule-studio serve` printed in the terminal (it carries the session token).');

    if (url.pathname.startsWith(API_PREFIX)) {
      const route = url.pathname.slice(API_PREFIX.length);
      if (req.method === 'GET' && route === 'session') {
        const files = options.files.map((f, id) => ({ id, name: f.name, text: readFileSync(f.path, 'utf8') }));
        return send(res, 200, JSON.stringify({ files, writeBack: options.writeBack, ...(options.live ? { live: true } : {}) }), TYPES['.json']);
      }
      if (req.method === 'GET' && (route === 'live' || route.startsWith('live/')) && options.live) {
        // an EventSource of this page sends no Origin, or its own; a page elsewhere is refused
        if (req.headers.origin !== undefined && !origins().has(req.headers.origin)) return send(res, 403, 'Refused: the live stream is for the studio page itself.');
        res.setHeaders(new Map(Object.entries(SECURITY_HEADERS)));
        return options.live.handle(req, res, route.slice('live'.length));
      }
      const write = /^files\/(\d+)$/.exec(route);
      if (req.method === 'PUT' && write) {
        if (!origins().has(req.headers.origin ?? '')) return send(res, 403, 'Refused: a write must come from the studio page itself.');
        const file = options.files[Number(write[1])];
        if (!file) return send(res, 404, 'No such file in this session.');
        const body = await readBody(req, MAX_WRITE_BYTES);
        if (!body) return send(res, 413, `Refused: larger than ${MAX_WRITE_BYTES / 1048576} MB.`);
        try {
          writeWhole(file.path, body.toString('utf8'));
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code ?? String(e);
          return send(res, 500, `${file.name} could not be written (${code}).`);
        }
        return send(res, 204, '');
      }
      return send(res, 404, 'No such request.');
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Only GET is served here.');
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    if (rel === '' || rel === 'index.html') return send(res, 200, indexHtml, TYPES['.html']);
    const path = join(options.appDir, rel);
    if (!path.startsWith(options.appDir.endsWith(sep) ? options.appDir : options.appDir + sep)) return send(res, 403, 'Refused: outside the studio.');
    try {
      if (!statSync(path).isFile()) return send(res, 404, 'Not found.');
      const immutable = rel.startsWith(`assets${sep}`);
      return send(res, 200, readFileSync(path), TYPES[extname(path)] ?? 'application/octet-stream', { 'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' });
    } catch {
      return send(res, 404, 'Not found.');
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, e instanceof Error ? e.message : String(e));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        options.live?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
