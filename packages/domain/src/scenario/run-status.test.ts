import { describe, expect, it } from 'vitest';
import { mayChangeStatus, runReadingOf, runStatusName, statusCommands } from './run-status';
import { SimulationMode } from './vocabulary';

describe('run status (SPEC 4)', () => {
  it('reads Realtime scenarios as live sessions and every other mode as self-paced', () => {
    expect(runReadingOf(SimulationMode.Realtime)).toBe('live');
    for (const mode of [SimulationMode.Training, SimulationMode.Offline, SimulationMode.Assessed])
      expect(runReadingOf(mode)).toBe('self-paced');
  });

  it('walks reading A: Open Lobby, Start Simulation, Stop Simulation', () => {
    expect(statusCommands(0, 'live')).toContainEqual({ label: 'Open Lobby', next: 1 });
    expect(statusCommands(1, 'live')).toContainEqual({ label: 'Start Simulation', next: 2 });
    expect(statusCommands(2, 'live')).toEqual([{ label: 'Stop Simulation', next: 3 }]);
    expect(statusCommands(4, 'live')).toEqual([{ label: 'End Test Mode', next: 0 }]);
    expect(runStatusName(2, 'live')).toBe('Running');
  });

  it('walks reading B: Activate Scenario, Close Scenario', () => {
    expect(statusCommands(0, 'self-paced')).toContainEqual({ label: 'Activate Scenario', next: 2 });
    expect(statusCommands(2, 'self-paced')).toEqual([{ label: 'Close Scenario', next: 3 }]);
    expect(runStatusName(2, 'self-paced')).toBe('Open');
    expect(runStatusName(1, 'self-paced')).toBe('Status 1');
  });

  it('allows only the moves of the reading, and none while a change is pending', () => {
    expect(mayChangeStatus(0, 1, 'live')).toBe(true);
    expect(mayChangeStatus(0, 2, 'live')).toBe(false);
    expect(mayChangeStatus(0, 2, 'self-paced')).toBe(true);
    expect(mayChangeStatus(0, 1, 'self-paced')).toBe(false);
    expect(mayChangeStatus(3, 0, 'live')).toBe(true);
    expect(mayChangeStatus(6, 0, 'live')).toBe(false);
    expect(statusCommands(6, 'self-paced')).toEqual([]);
  });
});
