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

/**
 * Whether the server sends email (an SMTP server is set) or only keeps it in its outbox; null where
 * no console runs above (a screen tested alone): then nothing is promised either way.
 */
const EmailSendsContext = createContext<boolean | null>(null);

export const EmailSendsProvider = ({ value, children }: { value: boolean | null; children: ReactNode }) => (
  <EmailSendsContext.Provider value={value}>{children}</EmailSendsContext.Provider>
);

export const useEmailSends = (): boolean | null => useContext(EmailSendsContext);
