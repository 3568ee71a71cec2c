/**
 * Motion that follows the user's system setting: with "reduce motion" on (`prefers-reduced-motion:
 * reduce`), the graph's camera jumps to where it goes instead of gliding there (WCAG 2.3.3).
 */

/** Whether the user asks for reduced motion (read at each move: the setting can change while the studio is open). */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A camera move's duration: `ms`, or 0 under reduced motion. */
export const cameraMs = (ms: number): number => (reducedMotion() ? 0 : ms);

/** How a list scrolls an item into view: smoothly, or at once under reduced motion. */
export const scrollBehavior = (): ScrollBehavior => (reducedMotion() ? 'auto' : 'smooth');
