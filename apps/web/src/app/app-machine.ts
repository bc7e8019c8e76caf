/**
 * SPEC 4, application: one pure reducer holds where the console is. Events that make no sense in
 * the current state are ignored, so a late event (a slow callback, a double click) cannot move
 * the application somewhere the specification does not allow.
 */

export const pageIds = [
  'HOME',
  'MONITORING',
  'CLIENTS',
  'INTEL',
  'EDIT_RESIM',
  'TEMPLATES',
  'SUBSCRIPTIONS',
  'SCHEDULE',
  'PROFILE',
  'ASSESSMENT',
  'SPACE_SETTINGS',
  'SPACE_SCOREBOARD',
] as const;
export type PageId = (typeof pageIds)[number];

/** A page of the signed-in console; the scenario editor names its scenario, a space's settings and scoreboard their space. */
export type PageState =
  | { readonly name: Exclude<PageId, 'EDIT_RESIM' | 'SPACE_SETTINGS' | 'SPACE_SCOREBOARD'> }
  | { readonly name: 'EDIT_RESIM'; readonly resimId: string }
  | { readonly name: 'SPACE_SETTINGS' | 'SPACE_SCOREBOARD'; readonly spaceId: string };

export type AppState =
  | { readonly name: 'INIT' }
  | { readonly name: 'NOT_AUTHENTICATED'; readonly reason: string | null }
  | { readonly name: 'AUTHENTICATING' }
  | PageState;

export type AppEvent =
  /** A stored session was found and is valid: open the page of the current address. */
  | { readonly type: 'SESSION_RESTORED'; readonly to: PageState }
  /** No usable session; the reason says why when there is something to tell. */
  | { readonly type: 'NO_SESSION'; readonly reason?: string | null }
  /** The browser came back from the issuer: the sign-in started before the page reloaded resumes. */
  | { readonly type: 'CALLBACK_RECEIVED' }
  | { readonly type: 'SIGN_IN' }
  | { readonly type: 'SIGNED_IN'; readonly to?: PageState }
  | { readonly type: 'SIGN_IN_FAILED'; readonly reason: string }
  | { readonly type: 'NAVIGATE'; readonly to: PageState }
  | { readonly type: 'SIGNED_OUT' }
  /** The session ended on its own (refresh refused, token gone): sign in again. */
  | { readonly type: 'SESSION_LOST'; readonly reason: string };

export const initialAppState: AppState = { name: 'INIT' };

const home: PageState = { name: 'HOME' };

export const isPageState = (state: AppState): state is PageState => (pageIds as readonly string[]).includes(state.name);

export const samePage = (a: PageState, b: PageState): boolean => {
  if (a.name === 'EDIT_RESIM') return b.name === 'EDIT_RESIM' && a.resimId === b.resimId;
  if (a.name === 'SPACE_SETTINGS' || a.name === 'SPACE_SCOREBOARD') return b.name === a.name && a.spaceId === b.spaceId;
  return a.name === b.name;
};

export const appMachine = (state: AppState, event: AppEvent): AppState => {
  if (state.name === 'INIT') {
    switch (event.type) {
      case 'SESSION_RESTORED':
        return event.to;
      case 'NO_SESSION':
        return { name: 'NOT_AUTHENTICATED', reason: event.reason ?? null };
      case 'CALLBACK_RECEIVED':
        return { name: 'AUTHENTICATING' };
      default:
        return state;
    }
  }
  if (state.name === 'NOT_AUTHENTICATED') {
    return event.type === 'SIGN_IN' ? { name: 'AUTHENTICATING' } : state;
  }
  if (state.name === 'AUTHENTICATING') {
    switch (event.type) {
      case 'SIGNED_IN':
        return event.to ?? home;
      case 'SIGN_IN_FAILED':
        return { name: 'NOT_AUTHENTICATED', reason: event.reason };
      default:
        return state;
    }
  }
  switch (event.type) {
    case 'NAVIGATE':
      return samePage(state, event.to) ? state : event.to;
    case 'SIGNED_OUT':
      return { name: 'NOT_AUTHENTICATED', reason: null };
    case 'SESSION_LOST':
      return { name: 'NOT_AUTHENTICATED', reason: event.reason };
    default:
      return state;
  }
};
