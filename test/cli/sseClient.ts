/** A test client of the studio server's live stream (Server-Sent Events), for `follow --studio`'s tests. */
import { request } from 'node:http';

export interface Message {
  id?: string;
  event: string;
  data: string;
}

export function parseMessages(text: string): Message[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .map((block) => {
      const m: Message = { event: 'message', data: '' };
      for (const l of block.split('\n')) {
        if (l.startsWith('id: ')) m.id = l.slice(4);
        else if (l.startsWith('event: ')) m.event = l.slice(7);
        else if (l.startsWith('data: ')) m.data += l.slice(6);
      }
      return m;
    })
    .filter((m) => m.data !== '');
}

/** Opens the stream, waits until `enough` holds of what came, then closes it. */
export function stream(port: number, enough: (ms: Message[]) => boolean, headers: Record<string, string> = {}): Promise<{ status: number; messages: Message[] }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/__rule-studio/live', headers: { Host: `127.0.0.1:${port}`, Cookie: 'rule_studio_token=secret', ...headers } }, (res) => {
      let text = '';
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`stream did not have what was expected: ${text}`));
      }, 5000);
      const check = () => {
        const messages = parseMessages(text);
        if (res.statusCode !== 200 || enough(messages)) {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, messages });
        }
      };
      res.on('data', (c: Buffer) => {
        text += c.toString();
        check();
      });
      res.on('end', check);
    });
    req.on('error', (e) => {
      if (!req.destroyed) reject(e);
    });
    req.end();
  });
}

