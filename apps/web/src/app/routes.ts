import type { PageId, PageState } from './app-machine';

type StaticPageId = Exclude<PageId, 'EDIT_RESIM' | 'SPACE_SETTINGS' | 'SPACE_SCOREBOARD'>;

const staticPaths: Record<StaticPageId, string> = {
  HOME: '/',
  MONITORING: '/monitoring',
  CLIENTS: '/clients',
  INTEL: '/intel',
  TEMPLATES: '/email-templates',
  SUBSCRIPTIONS: '/subscriptions',
  SCHEDULE: '/schedule',
  PROFILE: '/profile',
  ASSESSMENT: '/assessment',
};

const resimPath = /^\/resim\/([^/]+)$/;
const spacePath = /^\/space\/([^/]+)$/;
const spaceScoreboardPath = /^\/space\/([^/]+)\/scoreboard$/;

/** The address of a page, so the URL always says where the console is. */
export const pathFor = (page: PageState): string => {
  switch (page.name) {
    case 'EDIT_RESIM':
      return `/resim/${encodeURIComponent(page.resimId)}`;
    case 'SPACE_SETTINGS':
      return `/space/${encodeURIComponent(page.spaceId)}`;
    case 'SPACE_SCOREBOARD':
      return `/space/${encodeURIComponent(page.spaceId)}/scoreboard`;
    default:
      return staticPaths[page.name];
  }
};

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The learners of a space, on the Clients page (its `?space=` is read there). */
export const spaceLearnersPath = (spaceId: string): string =>
  `${staticPaths.CLIENTS}?${new URLSearchParams({ space: spaceId }).toString()}`;

/** The page an address shows, or null when no page lives there. */
export const parsePath = (pathname: string): PageState | null => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const resim = resimPath.exec(path)?.[1];
  if (resim) {
    const resimId = decoded(resim);
    return resimId === null ? null : { name: 'EDIT_RESIM', resimId };
  }
  const space = spacePath.exec(path)?.[1];
  if (space) {
    const spaceId = decoded(space);
    return spaceId === null ? null : { name: 'SPACE_SETTINGS', spaceId };
  }
  const scoreboard = spaceScoreboardPath.exec(path)?.[1];
  if (scoreboard) {
    const spaceId = decoded(scoreboard);
    return spaceId === null ? null : { name: 'SPACE_SCOREBOARD', spaceId };
  }
  const entry = Object.entries(staticPaths).find(([, candidate]) => candidate === path);
  return entry ? { name: entry[0] as StaticPageId } : null;
};

import { presenterPath } from './face-paths';

export { isPlayerPath, isPresenterPath, playerPath, presenterPath } from './face-paths';

/**
 * The presenter display of a scenario's current opening, through a saved view when one is named. One segment, so that it never meets the
 * API's /presenter/resim/{id}/{instance} that the display reads.
 */
export const presenterPathFor = (resimId: string, viewId: string | null = null): string =>
  `${presenterPath}/${encodeURIComponent(resimId)}${viewId === null ? '' : `?view=${encodeURIComponent(viewId)}`}`;
