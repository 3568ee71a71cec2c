import { expect, test } from '@playwright/test';

const CYCLE = `name = "cyc"
tools = ["a", "b"]

[[tool_rules]]
tool_name = "a"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["b"]

[[tool_rules]]
tool_name = "b"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["a"]
`;

test.beforeEach(async ({ page }) => {
  // The app works offline: any request that leaves this machine fails the test.
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
    throw new Error(`request left localhost: ${url.href}`);
  });
});

test('the first page loads, checks an example and reports a cycle typed by the user', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Rule Studio' })).toBeVisible();

  await page.getByRole('button', { name: 'etl-pipeline.toml' }).click();
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('No problems.');
  await expect(page.getByRole('region', { name: 'Usage descriptions' })).toContainText(
    'Call `connect_db` first before any other tools',
  );

  await page.getByLabel('File name').fill('cyc.toml');
  await page.getByLabel('Rule file text').fill(CYCLE);
  await expect(problems).toContainText('T001');
  await expect(page.getByRole('region', { name: 'Source' })).toContainText('[[agents.tool_rules]]');
  await page.screenshot({ path: 'test-results/smoke-cycle.png', fullPage: true });

  await page.getByLabel('Rule file text').fill('[[tool_rules]\ntool_name = ');
  await expect(problems).toContainText('F001');
  expect(errors).toEqual([]);
});
