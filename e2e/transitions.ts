import type { Page } from '@playwright/test';

/**
 * Waits for the page's running transitions and finite animations to end (endless ones, a pulse,
 * keep running): colours measured mid-fade, after a theme switch, are between two themes' colours.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits until the page has drawn three frames in a row with no finite transition or animation
 * running, waiting out any that run: a change just made (a scheme emulated, which the page takes
 * in an effect) starts its transitions a frame or two later, which {@link transitionsEnded} alone,
 * called at once, would not see.
 */
export async function framesSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
    const settle = async () => {
      for (let quiet = 0; quiet < 3; ) {
        await frame();
        const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        if (running.length === 0) quiet++;
        else {
          quiet = 0;
          await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
        }
      }
    };
    // A page that draws no frames (hidden) has nothing to settle: at most 3 s.
    await Promise.race([settle(), new Promise<void>((done) => setTimeout(done, 3000))]);
  });
}
