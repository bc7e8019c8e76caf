import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { scenarioFixture } from '../../test/scenario-fixtures';
import { panelPropsOf } from './results/results-fixtures';
import { PagesPanel } from './pages-panel';

describe('pages', () => {
  it('says how long each page is, one word in the singular', () => {
    const content = scenarioFixture({
      pages: [
        { id: 'page1', name: 'Welcome', content: 'Hello' },
        { id: 'page2', name: 'Rules', content: 'Work  alone,\nthen confer.' },
      ],
    });
    renderWithProviders(<PagesPanel {...panelPropsOf(content)} />, { api: {} as ApiClient });
    expect(screen.getByText('1 word')).toBeTruthy();
    expect(screen.getByText('4 words')).toBeTruthy();
    expect(screen.queryByText('1 words')).toBeNull();
  });
});
