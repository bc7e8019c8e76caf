import type { ScenarioContent } from '@resim/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { actionFixture, scenarioFixture, stageFixture } from '../../test/scenario-fixtures';
import { StageOrder, startingStagesText } from './stage-order';

const content = (): ScenarioContent =>
  scenarioFixture({
    stages: [
      stageFixture('stg1', 'Triage', { default: true }),
      stageFixture('stg2', 'Ward'),
      stageFixture('stg3', 'Lab', { requiredActions: { all: ['act1'], any: [], none: [] } }),
    ],
    actions: [actionFixture('act1', 'Full blood count', { stage: 'stg1' })],
  });

const setup = (readOnly = false) => {
  let current = content();
  const onChange = vi.fn((change: (draft: ScenarioContent) => ScenarioContent) => {
    current = change(current);
  });
  renderWithProviders(<StageOrder content={current} readOnly={readOnly} onChange={onChange} />, { api: {} as ApiClient });
  return { onChange, ids: () => current.stages.map((stage) => stage.id) };
};

describe('order of stages', () => {
  it('says truthfully which stages open when a run starts', () => {
    expect(startingStagesText(content())).toBe('Triage and Ward open together when a run starts.');
    expect(startingStagesText(scenarioFixture({ stages: [stageFixture('stg1', 'Triage')] }))).toBe('Triage opens when a run starts.');
    setup();
    expect(screen.getByText(/Triage and Ward open together when a run starts\./)).toBeTruthy();
    expect(screen.getAllByText('Opens at start')).toHaveLength(2);
  });

  it('moves a stage with its buttons, which are off at the ends of the list', () => {
    const { onChange, ids } = setup();
    expect(screen.getByRole('button', { name: 'Move Triage up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Lab down' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Lab up' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(ids()).toEqual(['stg1', 'stg3', 'stg2']);
  });

  it('offers no way to move a stage when the scenario is read-only', () => {
    setup(true);
    expect(screen.queryByRole('button', { name: /Move|Drag/ })).toBeNull();
  });
});
