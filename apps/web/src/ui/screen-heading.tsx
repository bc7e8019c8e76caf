import { Title, type TitleProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The heading of a screen that replaces another without a page load (the player's screens): it
 * takes the focus when it appears, so that screen readers announce the new screen and the keyboard
 * starts from its top.
 */
export const ScreenHeading = (props: Omit<TitleProps, 'order'>) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return <Title order={1} {...props} ref={heading} tabIndex={-1} style={{ outline: 'none' }} />;
};
