import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of each face's main content, which the skip link moves to. */
export const contentId = 'content';

/**
 * "Skip to content": the first stop of the keyboard on every face, shown when focused, so that
 * keyboard and screen reader users need not go through the header on every page.
 */
export const SkipLink = () => {
  // Focus moves without changing the address, which the router would take for a navigation.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const content = document.getElementById(contentId);
    if (!content) return;
    event.preventDefault();
    content.focus();
  };
  return (
    <a href={`#${contentId}`} className={classes.link} onClick={skip}>
      Skip to content
    </a>
  );
};
