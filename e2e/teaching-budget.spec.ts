/**
 * A teaching link whose scripted trace asks for 100 million events (1,000 steps × repeat: 100000,
 * 59 KB; it once took the tab to ≈ 4.9 GB and a crash): the page opens it without running it, says
 * why, and when the user runs it anyway shows the budget error — the tab stays alive.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { expect, test, type Page } from './test.ts';
import { stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });

/** A v1 teaching link as the app builds one (CRC-32 + deflate-raw, base64url). */
function teachingLink(payload: unknown): string {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32BE(crc32(bytes));
  return `/#teach=v1.${Buffer.concat([head, deflateRawSync(bytes)]).toString('base64url')}`;
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a 100-million-event teaching link is held back, and run on request it ends with the budget error', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('crash', () => errors.push('the page crashed'));
  const steps = Array.from({ length: 1000 }, (_, i) => `  - {call: t${i}, repeat: 100000, every: 1ms}`);
  const link = teachingLink({
    schemaVersion: 1,
    title: 'Flood',
    files: [{ name: 'agent.toml', text: '[[agents]]\nname = "flood"\ntools = ["t0", "t1"]\n' }],
    trace: { name: 'flood.yaml', text: `steps:\n${steps.join('\n')}\n` },
    settings: {},
    step: 0,
  });

  await page.goto(link);
  const held = sim(page).getByRole('alert').filter({ hasText: 'asks for 100,000,000 steps' });
  await expect(held).toContainText('more than the 100,000 a link runs by itself, so it has not been run', { timeout: 30_000 });
  await expect(sim(page).getByRole('status')).toHaveText('Not run yet');
  await saveScreenshot(page, 'test-results/teaching-budget-held.png');

  await held.getByRole('button', { name: 'Run it' }).click();
  // a scripted trace past its budget does not read whole: Run replays none of it and says so (review16)
  await expect(sim(page).getByRole('status').filter({ hasText: 'Not run' })).toHaveText('Not run: the trace has 1 error (at line 12)', { timeout: 60_000 });
  await expect(sim(page).getByRole('alert')).toContainText('past the budget of 1,000,000 for a scripted trace');
  await saveScreenshot(page, 'test-results/teaching-budget-error.png');
  expect(errors).toEqual([]);
});
