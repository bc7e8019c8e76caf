/**
 * A button shown as disabled yet kept focusable (its handler ignores the click): one that turns
 * inactive once used, such as Allocate while saving and after, keeps the keyboard's place instead
 * of losing focus to the page, as Mantine's `disabled` and `loading` (which disables) would.
 */
export const inactive = (when: boolean) => (when ? ({ 'data-disabled': true, 'aria-disabled': true } as const) : {});
