import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { accommodatedStillPlaying, controlScenario } from './control-request';
import { boardLearnerOf, dashboardOf, scoreboardOf } from './results/results-fixtures';

vi.mock('../../app/notify', () => ({ showDanger: vi.fn() }));
const { showDanger } = await import('../../app/notify');

const apiOf = (request: ReturnType<typeof vi.fn>) =>
  ({ request, resims: { control: vi.fn().mockResolvedValue({ id: 'r1' }) } }) as unknown as ApiClient & {
    resims: { control: ReturnType<typeof vi.fn> };
  };

describe('controlScenario', () => {
  it('says in the Stop what to do with the runs within their extra time', async () => {
    const request = vi.fn().mockResolvedValue({ id: 'r1' });
    const api = apiOf(request);
    await controlScenario(api, 'r 1', 3, 'spare');
    await controlScenario(api, 'r1', 3, 'end');
    await controlScenario(api, 'r1', 3);
    expect(request.mock.calls.map((call) => (call[0] as { path: string }).path)).toEqual([
      '/admin/control/r%201/3?accommodated=spare',
      '/admin/control/r1/3?accommodated=end',
      '/admin/control/r1/3',
    ]);
    expect(request.mock.calls[0]![0]).toMatchObject({ method: 'POST', quietStatuses: [409] });
  });

  it('moves other statuses as before', async () => {
    const api = apiOf(vi.fn());
    await controlScenario(api, 'r1', 2);
    expect(api.resims.control).toHaveBeenCalledWith('r1', 2);
    expect(api.request).not.toHaveBeenCalled();
  });

  it('leaves a refusal for the learners with extra time to the caller, and shows any other conflict', async () => {
    const refused = new ApiError('Learners with extra time are still playing: Ann', {
      method: 'POST',
      path: '/admin/control/r1/3',
      status: 409,
      code: 'conflict',
    });
    await expect(controlScenario(apiOf(vi.fn().mockRejectedValue(refused)), 'r1', 3)).rejects.toBe(refused);
    expect(showDanger).not.toHaveBeenCalled();
    const other = new ApiError('The status was changed by someone else; reload the scenario', {
      method: 'POST',
      path: '/admin/control/r1/3',
      status: 409,
      code: 'conflict',
    });
    await expect(controlScenario(apiOf(vi.fn().mockRejectedValue(other)), 'r1', 3)).rejects.toBe(other);
    expect(showDanger).toHaveBeenCalledWith('Request failed: The status was changed by someone else; reload the scenario');
  });
});

describe('accommodatedStillPlaying', () => {
  it('reads the session now’s scoreboard for learners with extra time still playing', async () => {
    const scoreboard = vi
      .fn()
      .mockResolvedValue(
        scoreboardOf('i1', [
          boardLearnerOf('Ann', { accommodation: '+50 % time', startedAt: 'x' }),
          boardLearnerOf('Bo', { startedAt: 'x' }),
        ]),
      );
    const api = {
      resims: { dashboard: vi.fn().mockResolvedValue(dashboardOf({ currentInstanceId: 'i1' })), scoreboard },
    } as unknown as ApiClient;
    expect((await accommodatedStillPlaying(api, 'r1')).map((learner) => learner.nickname)).toEqual(['Ann']);
    expect(scoreboard).toHaveBeenCalledWith('r1', 'i1');
  });

  it('finds none without a session, or when the scoreboard cannot be read', async () => {
    const none = { resims: { dashboard: vi.fn().mockResolvedValue(dashboardOf()), scoreboard: vi.fn() } } as unknown as ApiClient;
    expect(await accommodatedStillPlaying(none, 'r1')).toEqual([]);
    const failing = { resims: { dashboard: vi.fn().mockRejectedValue(new Error('offline')) } } as unknown as ApiClient;
    expect(await accommodatedStillPlaying(failing, 'r1')).toEqual([]);
  });
});
