import type { accommodationList, learnersChanged, RemoveAccommodationBody, SetAccommodationBody } from '@resim/contracts';
import { id, type Out, type RequestOptions } from './requester';

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/** A space's accommodations, each learner's own and each tag's, as the query cache keeps them. */
export const accommodationsKey = (spaceId: string) => ['space', spaceId, 'accommodations'] as const;

const path = (spaceId: string) => `/admin/space/${id(spaceId)}/accommodation`;

/**
 * Extra time, untimed play and a later close for a space's learners, their own or their tags':
 * calls apart from the console's client, so that only the Clients page carries them. The modal
 * that changes one shows a refusal as the server wrote it, so it is not also a danger message.
 */
export const accommodationCalls = (request: Request) => ({
  list: (spaceId: string, signal?: AbortSignal) => request<Out<typeof accommodationList>>({ method: 'GET', path: path(spaceId), signal }),
  /** the learners and tags named get this accommodation, replacing theirs */
  set: (spaceId: string, body: SetAccommodationBody) =>
    request<Out<typeof learnersChanged>>({ method: 'PUT', path: path(spaceId), body, quietStatuses: [400, 403, 404, 409, 422] }),
  remove: (spaceId: string, body: RemoveAccommodationBody) =>
    request<Out<typeof learnersChanged>>({ method: 'DELETE', path: path(spaceId), body, quietStatuses: [400, 403, 404, 409, 422] }),
});
