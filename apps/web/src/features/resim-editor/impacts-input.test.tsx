import { impactSuggestions } from '@resim/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { measureFixture } from '../../test/scenario-fixtures';
import { ImpactsInput } from './impacts-input';

describe('impacts', () => {
  it('offers the suggested impacts on points, one point in the singular', () => {
    const measures = [measureFixture('points', 'Points', { type: 7 })];
    renderWithProviders(
      <ImpactsInput
        legend="Impact"
        impacts={[]}
        measures={measures}
        suggestions={impactSuggestions({ measures })}
        readOnly={false}
        onChange={vi.fn()}
      />,
      { api: {} as ApiClient },
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Add impact',
      '+10 points',
      '-10 points',
      '+1 point',
      '-1 point',
    ]);
  });
});
