import { createContext, useContext, type ReactNode } from 'react';

/** What any page may need from the running console, whatever page it is. */
export type AppSession = {
  readonly productName: string;
  readonly signOut: () => void;
  readonly signingOut: boolean;
};

const AppSessionContext = createContext<AppSession | null>(null);

export const AppSessionProvider = ({ value, children }: { value: AppSession; children: ReactNode }) => (
  <AppSessionContext.Provider value={value}>{children}</AppSessionContext.Provider>
);

export const useAppSession = (): AppSession => {
  const session = useContext(AppSessionContext);
  if (!session) throw new Error('useAppSession needs an AppSessionProvider above it');
  return session;
};
