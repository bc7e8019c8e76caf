import { SimulationMode } from './vocabulary';

/** SPEC 4: the run statuses of a scenario. */
export const RunStatus = { Initialized: 0, Waiting: 1, Running: 2, Finished: 3, TestMode: 4, Updating: 6 } as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];

/** Status 6 shows while a change of status is being applied. */
export const pendingStatus = RunStatus.Updating;

/**
 * SPEC 4 gives two readings of the run status. Reading A is a live session run by a presenter
 * (Realtime mode); reading B is a self-paced scenario (every other mode).
 */
export type RunReading = 'live' | 'self-paced';
export const runReadingOf = (mode: number): RunReading => (mode === SimulationMode.Realtime ? 'live' : 'self-paced');

export type StatusCommand = { readonly label: string; readonly next: RunStatus };

const names: Record<RunReading, Readonly<Record<number, string>>> = {
  live: { 0: 'Initialized', 1: 'Waiting', 2: 'Running', 3: 'Finished', 4: 'Test Mode', 6: 'Updating' },
  'self-paced': { 0: 'Initialized', 2: 'Open', 3: 'Finished', 4: 'Test Mode', 6: 'Updating' },
};

/**
 * The commands of each status, with the labels of SPEC 4. A finished scenario may be reset to
 * Initialized to edit or run it again, and Test Mode returns to Initialized; a lobby may be
 * closed again before it starts.
 */
const commands: Record<RunReading, Readonly<Record<number, readonly StatusCommand[]>>> = {
  live: {
    0: [
      { label: 'Open Lobby', next: 1 },
      { label: 'Test Mode', next: 4 },
    ],
    1: [
      { label: 'Start Simulation', next: 2 },
      { label: 'Close Lobby', next: 0 },
    ],
    2: [{ label: 'Stop Simulation', next: 3 }],
    3: [{ label: 'Reset to Initialized', next: 0 }],
    4: [{ label: 'End Test Mode', next: 0 }],
  },
  'self-paced': {
    0: [
      { label: 'Activate Scenario', next: 2 },
      { label: 'Test Mode', next: 4 },
    ],
    2: [{ label: 'Close Scenario', next: 3 }],
    3: [{ label: 'Reset to Initialized', next: 0 }],
    4: [{ label: 'End Test Mode', next: 0 }],
  },
};

/** SPEC 4: the name of a status in a reading ('Running' live, 'Open' self-paced). */
export const runStatusName = (status: number, reading: RunReading): string => names[reading][status] ?? `Status ${status}`;

/** SPEC 4: what can be done from a status; nothing while a change is pending. */
export const statusCommands = (status: number, reading: RunReading): readonly StatusCommand[] => commands[reading][status] ?? [];

/** Whether a scenario in this reading may move from one status to another. */
export const mayChangeStatus = (from: number, to: number, reading: RunReading): boolean =>
  statusCommands(from, reading).some((command) => command.next === to);
