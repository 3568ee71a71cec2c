import { describe, expect, it } from 'vitest';
import { focusFromNavigation, watchFocusOrigin } from '../../src/app/components/ui/focusOrigin.ts';

/** A window that only dispatches events, with the time stamps the test gives. */
function fakeWindow() {
  const target = new EventTarget();
  const fire = (type: string, timeStamp: number, key?: string) => {
    const e = new Event(type);
    Object.defineProperty(e, 'timeStamp', { value: timeStamp });
    if (key) Object.defineProperty(e, 'key', { value: key });
    target.dispatchEvent(e);
  };
  return { win: target as unknown as Window, fire };
}

describe('where a focus came from (tooltips open on the user’s keyboard navigation only)', () => {
  it('a focus right after Tab, an arrow key or F6 is navigation; after Escape, Enter, a pointer press, or too late, it is not', () => {
    const { win, fire } = fakeWindow();
    watchFocusOrigin(win);
    fire('keydown', 1_000, 'Tab');
    expect(focusFromNavigation(1_002)).toBe(true);
    expect(focusFromNavigation(1_600)).toBe(false);
    fire('keydown', 2_000, 'ArrowRight');
    expect(focusFromNavigation(2_010)).toBe(true);
    fire('keydown', 2_100, 'Escape');
    expect(focusFromNavigation(2_110)).toBe(false);
    fire('keydown', 3_000, 'F6');
    fire('pointerdown', 3_005);
    expect(focusFromNavigation(3_010)).toBe(false);
    fire('keydown', 4_000, 'Enter');
    expect(focusFromNavigation(4_001)).toBe(false);
  });
});
