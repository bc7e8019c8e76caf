import { createContext, useContext, type ReactNode } from 'react';

/** What every player screen may need: the product's name and whether the learner is signed in. */
export type PlayerSession = {
  readonly productName: string;
  readonly signedIn: boolean;
  /** sends the learner to the sign-in service, which brings them back to `returnTo` */
  readonly signIn: (returnTo: string) => Promise<void>;
  /** ends the session here and at the sign-in service */
  readonly signOut: () => Promise<void>;
  /** a signed-in learner's token, for the socket (HTTP calls get it from the API client) */
  readonly accessToken: () => Promise<string>;
};

const PlayerSessionContext = createContext<PlayerSession | null>(null);

export const PlayerSessionProvider = ({ value, children }: { value: PlayerSession; children: ReactNode }) => (
  <PlayerSessionContext.Provider value={value}>{children}</PlayerSessionContext.Provider>
);

export const usePlayerSession = (): PlayerSession => {
  const session = useContext(PlayerSessionContext);
  if (!session) throw new Error('usePlayerSession needs a PlayerSessionProvider above it');
  return session;
};
