import { expect, test } from './test.ts';
import { leavesMachine, requestsThatLeft, stayOffline } from './offline.ts';

test('stayOffline notes a request to another machine, from the page and from its worker, and none to this one', async ({ page }) => {
  expect(['http://127.0.0.1:4173/', 'http://localhost/x', 'data:text/plain,a', 'blob:http://127.0.0.1/1'].filter(leavesMachine)).toEqual([]);
  expect(['https://example.com/', 'ws://203.0.113.1/', 'http://10.0.0.1/'].every(leavesMachine)).toBe(true);
  await stayOffline(page);
  await page.goto('/');
  // about:blank has no content security policy to stop the requests before they are made
  await page.goto('about:blank');
  await page.evaluate(async () => {
    await fetch('http://203.0.113.1/from-page').catch(() => undefined);
    const worker = new Worker(URL.createObjectURL(new Blob(["fetch('http://203.0.113.1/from-worker').catch(() => 0).then(() => postMessage(1))"])));
    await new Promise((done) => (worker.onmessage = done));
  });
  expect(requestsThatLeft.filter((u) => !u.includes('from-')), 'requests of the studio itself').toEqual([]);
  expect([...requestsThatLeft].sort()).toEqual(['http://203.0.113.1/from-page', 'http://203.0.113.1/from-worker']);
  requestsThatLeft.length = 0; // seen: the test's own requests do not fail it
});
