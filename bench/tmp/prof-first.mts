import { withBuiltApp } from '/work/main/bench/builtApp.ts';
import { selfTimes } from '/work/main/bench/cdpProfile.ts';
import { writeFileSync } from 'node:fs';
await withBuiltApp({ outDir: process.argv[2] ?? '/tmp/dist-unmin' }, async (_p, url, browser) => {
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript('globalThis.__name = (f) => f;');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(url);
    await page.getByRole('button', { name: 'New agent' }).first().waitFor();
    const shown = Date.now() - t0;
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop') as any;
    writeFileSync(`/tmp/first-${i}.cpuprofile`, JSON.stringify(profile));
    const nav = await page.evaluate(() => JSON.stringify({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, dcl: (performance.getEntriesByType('navigation')[0] as any).domContentLoadedEventEnd }));
    const s = selfTimes(profile, 25);
    console.log(`run ${i}: shown ${shown} ms ${nav}; profile total ${s.totalMs.toFixed(0)} ms`);
    if (i === 2) for (const t of s.top) console.log(`  ${t.ms.toFixed(1)} ${t.where}`);
    await context.close();
  }
});
