import type { Scenario } from '@resim/domain';
import { RunStatus } from '@resim/domain';
import { isApiError, requestFailedMessage } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { showDanger } from '../../app/notify';
import { accommodationRefusal, stillPlayingAccommodated, type Accommodated, type AccommodatedLearner } from './accommodations';

/**
 * SPEC 4: moves the run status (POST /admin/control/{id}/{status}). A Stop may say what to do with
 * the runs still within their extra time (`?accommodated=spare` or `end`); its refusal for them (409)
 * is the caller's to ask about, so it is not shown as a failure. Its other conflicts are, as any
 * request's.
 */
export const controlScenario = async (api: ApiClient, resimId: string, status: number, accommodated?: Accommodated): Promise<Scenario> => {
  if (status !== RunStatus.Finished) return api.resims.control(resimId, status);
  const query = accommodated ? `?${new URLSearchParams({ accommodated })}` : '';
  try {
    return await api.request<Scenario>({
      method: 'POST',
      path: `/admin/control/${encodeURIComponent(resimId)}/${status}${query}`,
      quietStatuses: [409],
    });
  } catch (error) {
    if (isApiError(error) && error.status === 409 && accommodationRefusal(error) === null) showDanger(requestFailedMessage(error.message));
    throw error;
  }
};

/** Whether a refused opening was refused for the scenario checker's errors (409 with their count). */
export const checkerRefusal = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && typeof (error.body as { checkerErrors?: unknown } | null)?.checkerErrors === 'number';

/**
 * The learners of the session now on whose extra time a Stop would cut short, as its scoreboard
 * shows them; none when there is no session or it cannot be read (the server still asks then).
 */
export const accommodatedStillPlaying = async (api: ApiClient, resimId: string): Promise<AccommodatedLearner[]> => {
  try {
    const { currentInstanceId } = await api.resims.dashboard(resimId);
    if (currentInstanceId === null) return [];
    const board = await api.resims.scoreboard(resimId, currentInstanceId);
    return stillPlayingAccommodated(board.learners);
  } catch {
    return [];
  }
};
