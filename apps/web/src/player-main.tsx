import './features/player/player-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLearnerApiClient } from './api/api-core';
import { rootElement, startServices } from './app/start-services';
import { PlayerApp } from './features/player/player-app';

// Every learner's call shows its own failure in place (the player's calls are quiet), and a
// configuration that does not load fails the page: nothing is left for a floating message.
const showNothing = (): void => undefined;

createRoot(rootElement()).render(
  <StrictMode>
    <PlayerApp services={startServices(createLearnerApiClient, showNothing)} />
  </StrictMode>,
);
