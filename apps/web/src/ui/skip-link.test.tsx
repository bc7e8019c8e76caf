import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contentId, SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('moves the focus to the main content without changing the address', () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/">Home</a>
        </nav>
        <main id={contentId} tabIndex={-1}>
          Content
        </main>
      </>,
    );
    const before = window.location.href;
    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(screen.getByRole('main')).toBe(document.activeElement);
    expect(window.location.href).toBe(before);
  });
});
