/**
 * The studio never needs the network. `stayOffline(page)` notes every request of the page that
 * leaves this machine, and the `test` of e2e/test.ts fails a test that made one. It listens rather
 * than routes: a route sends each of a page's ~40 requests through the test process and turns the
 * browser's cache off, for a check that only has to see where requests go.
 */
import type { Page } from '@playwright/test';

/** Requests of the current test's pages that left this machine (http, https, ws or wss, not localhost). */
export const requestsThatLeft: string[] = [];

const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]']);
const NETWORK = new Set(['http:', 'https:', 'ws:', 'wss:']);

/** True when `href` goes over the network to another machine. */
export function leavesMachine(href: string): boolean {
  const url = new URL(href);
  return NETWORK.has(url.protocol) && !LOCAL.has(url.hostname);
}

/** Notes each request of `page` that leaves this machine; the test fails at its end if there was one. */
export async function stayOffline(page: Page): Promise<void> {
  page.on('request', (request) => {
    if (leavesMachine(request.url())) requestsThatLeft.push(request.url());
  });
  page.on('websocket', (socket) => {
    if (leavesMachine(socket.url())) requestsThatLeft.push(socket.url());
  });
}
