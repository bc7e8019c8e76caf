import { MantineProvider } from '@mantine/core';
import type { GameSnapshot, JoinInfo } from '@resim/contracts';
import { defaultTextSet, type RunView } from '@resim/domain';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiProvider } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { theme } from '../../app/theme';
import { PlayerSessionProvider, type PlayerSession } from './player-session';
import type { SocketLike } from './run-connection';

/** Test data and helpers for the player's tests: a small run in the default wording, changed per test. */

type View = NonNullable<GameSnapshot['view']>;

const noMedia = { images: [], videos: [], files: [] };

export const viewFixture = (changes: Partial<RunView> = {}): View =>
  ({
    text: { ...defaultTextSet },
    stage: { id: 'stg1', name: 'Assessment', description: 'Find out why the patient is breathless.' },
    stages: [{ id: 'stg1', name: 'Assessment', isAntibodyPanel: false }],
    facts: [
      { source: 'baseline', id: 'baseline1', name: 'On arrival', text: 'Pulse 110, breathless.', feedback: null, at: null, ...noMedia },
    ],
    actions: [
      { id: 'act1', name: 'Chest X-ray', stage: 'stg1', availability: 'available', reason: null },
      { id: 'act2', name: 'ECG', stage: 'stg1', availability: 'available', reason: null },
      { id: 'act3', name: 'Blood count', stage: 'stg1', availability: 'available', reason: null },
    ],
    conclusions: [
      { id: 'conc1', name: 'Pneumonia', stage: 'stg1', availability: 'available', reason: null, feedback: null },
      { id: 'conc2', name: 'Heart failure', stage: 'stg1', availability: 'available', reason: null, feedback: null },
      { id: 'conc3', name: 'Asthma', stage: 'stg1', availability: 'available', reason: null, feedback: null },
    ],
    maxConclusions: 1,
    infos: [],
    hint: null,
    hintText: null,
    measures: [
      { id: 'points', name: 'Points', type: 7, value: 0, min: null, max: null, limitKind: null, atLimit: false, timeUnit: 'seconds' },
    ],
    currency: 'USD',
    actionCosts: null,
    media: noMedia,
    ended: null,
    ...changes,
    // The domain's view is read-only; the contract's type (what the API answers) is the mutable copy.
  }) as View;

export const snapshotFixture = (changes: Partial<GameSnapshot> = {}): GameSnapshot => ({
  gameId: 'game1',
  resimId: 'resim1',
  resimName: 'Breathless in the night',
  description: 'A patient arrives short of breath.',
  nickname: 'Ann',
  mode: 2,
  hosted: false,
  resimStatus: 2,
  phase: 'open',
  eventCount: 0,
  startedAt: '2025-05-01T10:00:00.000Z',
  serverTime: Date.parse('2025-05-01T10:00:00.000Z'),
  view: viewFixture(),
  text: { ...defaultTextSet },
  messages: [],
  settings: { hideRank: false, hideTime: false, allowApp: true, allowBrowser: true },
  nextResimCode: null,
  score: null,
  endReason: null,
  allowance: null,
  ...changes,
});

export const joinInfoFixture = (changes: Partial<JoinInfo> = {}): JoinInfo => ({
  code: 'ABC123',
  resimId: 'resim1',
  resimName: 'Breathless in the night',
  description: 'A patient arrives short of breath.',
  mode: 2,
  locked: false,
  resimStatus: 2,
  phase: 'open',
  allowAnonymous: true,
  allowSignin: false,
  settings: { hideRank: false, hideTime: false, allowApp: true, allowBrowser: true },
  schedule: { opens: null, closes: null, phase: 'unscheduled' },
  ...changes,
});

/** A socket the test opens, feeds and drops by hand; `FakeSocket.all` holds every one opened. */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: unknown[] = [];
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.call(this as unknown as WebSocket, new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code?: number) {
    this.onclose?.call(this as unknown as WebSocket, new CloseEvent('close', code === undefined ? {} : { code }));
  }
}

export const sessionFixture = (changes: Partial<PlayerSession> = {}): PlayerSession => ({
  productName: 'Resim',
  signedIn: false,
  signIn: async () => undefined,
  signOut: async () => undefined,
  accessToken: async () => 'access-token',
  ...changes,
});

const Location = () => <output data-testid="location">{useLocation()[0]}</output>;

/** Renders a player screen as the player face would, around a fake API; the address is shown in `location`. */
export const renderPlayer = (
  ui: ReactNode,
  options: { api: ApiClient; session?: PlayerSession; path?: string; route?: string },
): RenderResult => {
  const { hook, searchHook } = memoryLocation({ path: options.path ?? '/play' });
  return render(
    <MantineProvider theme={theme} env="test">
      <ApiProvider client={options.api}>
        <PlayerSessionProvider value={options.session ?? sessionFixture()}>
          <Router hook={hook} searchHook={searchHook}>
            <Switch>
              <Route path={options.route ?? '*'}>
                {ui}
                <Location />
              </Route>
              <Route>
                <Location />
              </Route>
            </Switch>
          </Router>
        </PlayerSessionProvider>
      </ApiProvider>
    </MantineProvider>,
  );
};
