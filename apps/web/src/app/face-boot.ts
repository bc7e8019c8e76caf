import type { WebConfig } from '@resim/contracts';
import { defaultProductName } from '@resim/domain';
import { useEffect, useRef, useState } from 'react';
import type { AuthSession } from '../auth/auth-session';

export type FaceBoot =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly signedIn: boolean }
  | { readonly state: 'failed'; readonly message: string };

/**
 * Starts a face outside the console (the player, the presenter display): configures the sign-in
 * and restores any session, which only means being signed out when it cannot be restored.
 */
export const useFaceBoot = (auth: AuthSession, config: Promise<WebConfig>) => {
  const [productName, setProductName] = useState(defaultProductName);
  const [boot, setBoot] = useState<FaceBoot>({ state: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    // Once per page load: configuring the session twice would renew its tokens twice.
    if (started.current) return;
    started.current = true;
    const start = async () => {
      const loaded = await config;
      setProductName(loaded.productName);
      auth.configure(loaded);
      const restored = await auth.restore().catch(() => ({ signedIn: false }));
      setBoot({ state: 'ready', signedIn: restored.signedIn });
    };
    start().catch((error: unknown) => setBoot({ state: 'failed', message: error instanceof Error ? error.message : String(error) }));
  }, [auth, config]);

  return { productName, boot };
};
