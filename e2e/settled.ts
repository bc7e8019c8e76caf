import type { Page } from '@playwright/test';

/**
 * Waits until nothing finite moves on the page for two frames: a menu or dialog still fading or
 * sliding in. A dialog may begin its transition a frame or two after it is shown; a tap on a
 * button that moves between touching and lifting is no click. A spinner's animation never ends:
 * not awaited.
 */
export const settled = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round += 1) {
      await frame();
      await frame();
      const moving = document
        .getAnimations()
        .filter(
          (animation) =>
            (animation.playState === 'running' || animation.pending) && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (moving.length === 0) return;
      await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
