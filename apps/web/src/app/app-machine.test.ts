import { describe, expect, it } from 'vitest';
import { appMachine, initialAppState, isPageState, pageIds, type AppEvent, type AppState, type PageState } from './app-machine';

const run = (events: readonly AppEvent[], from: AppState = initialAppState): AppState => events.reduce(appMachine, from);
const profile: PageState = { name: 'PROFILE' };
const editor: PageState = { name: 'EDIT_RESIM', resimId: 'r1' };
const spaceSettings: PageState = { name: 'SPACE_SETTINGS', spaceId: 's1' };

describe('application state machine (SPEC 4)', () => {
  it('starts in INIT', () => {
    expect(initialAppState).toEqual({ name: 'INIT' });
  });

  it('goes from INIT to NOT_AUTHENTICATED when there is no session', () => {
    expect(run([{ type: 'NO_SESSION' }])).toEqual({ name: 'NOT_AUTHENTICATED', reason: null });
  });

  it('keeps the reason a stored session could not be used', () => {
    expect(run([{ type: 'NO_SESSION', reason: 'Cannot retrieve a new session. Please authenticate.' }])).toEqual({
      name: 'NOT_AUTHENTICATED',
      reason: 'Cannot retrieve a new session. Please authenticate.',
    });
  });

  it('goes from INIT straight to the current page when the session is restored', () => {
    expect(run([{ type: 'SESSION_RESTORED', to: { name: 'HOME' } }])).toEqual({ name: 'HOME' });
    expect(run([{ type: 'SESSION_RESTORED', to: editor }])).toEqual(editor);
  });

  it('signs in: NOT_AUTHENTICATED, AUTHENTICATING, then HOME', () => {
    const states: AppState[] = [];
    [{ type: 'NO_SESSION' }, { type: 'SIGN_IN' }, { type: 'SIGNED_IN' }].reduce<AppState>((state, event) => {
      const next = appMachine(state, event as AppEvent);
      states.push(next);
      return next;
    }, initialAppState);
    expect(states.map((state) => state.name)).toEqual(['NOT_AUTHENTICATED', 'AUTHENTICATING', 'HOME']);
  });

  it('lands on the page the user was going to after sign-in', () => {
    expect(run([{ type: 'NO_SESSION' }, { type: 'SIGN_IN' }, { type: 'SIGNED_IN', to: profile }])).toEqual(profile);
  });

  it('resumes AUTHENTICATING when the browser comes back from the issuer', () => {
    expect(run([{ type: 'CALLBACK_RECEIVED' }])).toEqual({ name: 'AUTHENTICATING' });
    expect(run([{ type: 'CALLBACK_RECEIVED' }, { type: 'SIGNED_IN' }])).toEqual({ name: 'HOME' });
  });

  it('returns to NOT_AUTHENTICATED with the reason when sign-in fails', () => {
    expect(run([{ type: 'NO_SESSION' }, { type: 'SIGN_IN' }, { type: 'SIGN_IN_FAILED', reason: 'access_denied' }])).toEqual({
      name: 'NOT_AUTHENTICATED',
      reason: 'access_denied',
    });
  });

  it('goes from HOME to ASSESSMENT or PROFILE (SPEC 4)', () => {
    const at = run([{ type: 'SESSION_RESTORED', to: { name: 'HOME' } }]);
    expect(appMachine(at, { type: 'NAVIGATE', to: { name: 'ASSESSMENT' } })).toEqual({ name: 'ASSESSMENT' });
    expect(appMachine(at, { type: 'NAVIGATE', to: profile })).toEqual(profile);
  });

  it('switches between pages', () => {
    let state = run([{ type: 'SESSION_RESTORED', to: { name: 'HOME' } }]);
    for (const page of pageIds) {
      const to: PageState =
        page === 'EDIT_RESIM'
          ? editor
          : page === 'SPACE_SETTINGS' || page === 'SPACE_SCOREBOARD'
            ? { name: page, spaceId: 's1' }
            : { name: page };
      state = appMachine(state, { type: 'NAVIGATE', to });
      expect(state).toEqual(to);
    }
    expect(appMachine(editor, { type: 'NAVIGATE', to: { name: 'EDIT_RESIM', resimId: 'r2' } })).toEqual({
      name: 'EDIT_RESIM',
      resimId: 'r2',
    });
  });

  it('keeps the same state object when navigating to the page already shown', () => {
    expect(appMachine(editor, { type: 'NAVIGATE', to: { name: 'EDIT_RESIM', resimId: 'r1' } })).toBe(editor);
    expect(appMachine(spaceSettings, { type: 'NAVIGATE', to: { name: 'SPACE_SETTINGS', spaceId: 's1' } })).toBe(spaceSettings);
    expect(appMachine(spaceSettings, { type: 'NAVIGATE', to: { name: 'SPACE_SETTINGS', spaceId: 's2' } })).toEqual({
      name: 'SPACE_SETTINGS',
      spaceId: 's2',
    });
  });

  it('signs out from any page', () => {
    expect(appMachine(profile, { type: 'SIGNED_OUT' })).toEqual({ name: 'NOT_AUTHENTICATED', reason: null });
    expect(appMachine(editor, { type: 'SIGNED_OUT' })).toEqual({ name: 'NOT_AUTHENTICATED', reason: null });
  });

  it('ends on NOT_AUTHENTICATED with the reason when the session is lost', () => {
    expect(appMachine(profile, { type: 'SESSION_LOST', reason: 'Cannot retrieve a new session. Please authenticate.' })).toEqual({
      name: 'NOT_AUTHENTICATED',
      reason: 'Cannot retrieve a new session. Please authenticate.',
    });
  });

  it('ignores events that do not apply to the current state', () => {
    const notAuthenticated: AppState = { name: 'NOT_AUTHENTICATED', reason: null };
    expect(appMachine(notAuthenticated, { type: 'NAVIGATE', to: profile })).toBe(notAuthenticated);
    expect(appMachine(notAuthenticated, { type: 'SIGNED_IN' })).toBe(notAuthenticated);
    expect(appMachine(initialAppState, { type: 'NAVIGATE', to: profile })).toBe(initialAppState);
    expect(appMachine(initialAppState, { type: 'SIGN_IN' })).toBe(initialAppState);
    const authenticating: AppState = { name: 'AUTHENTICATING' };
    expect(appMachine(authenticating, { type: 'NAVIGATE', to: profile })).toBe(authenticating);
    expect(appMachine(profile, { type: 'SIGN_IN' })).toBe(profile);
    expect(appMachine(profile, { type: 'SESSION_RESTORED', to: { name: 'HOME' } })).toBe(profile);
  });

  it('tells pages from the other states', () => {
    expect(isPageState({ name: 'HOME' })).toBe(true);
    expect(isPageState(editor)).toBe(true);
    expect(isPageState({ name: 'INIT' })).toBe(false);
    expect(isPageState({ name: 'AUTHENTICATING' })).toBe(false);
    expect(isPageState({ name: 'NOT_AUTHENTICATED', reason: null })).toBe(false);
  });
});
