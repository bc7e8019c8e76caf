import { createContext, useContext, type ReactNode } from 'react';
import type { LearnerApiClient } from './api-core';
import type { ApiClient } from './client';

// The console provides its whole client; the player's page only the learner's part of it.
const ApiContext = createContext<LearnerApiClient | ApiClient | null>(null);

export const ApiProvider = ({ client, children }: { client: LearnerApiClient | ApiClient; children: ReactNode }) => (
  <ApiContext.Provider value={client}>{children}</ApiContext.Provider>
);

/** The console's client: every call of the API (the console's pages are only ever given the console's). */
export const useApi = (): ApiClient => {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs an ApiProvider above it');
  return client as ApiClient;
};

/** The learner's calls, on either page. */
export const useLearnerApi = (): LearnerApiClient => {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useLearnerApi needs an ApiProvider above it');
  return client;
};
