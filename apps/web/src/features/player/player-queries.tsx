import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { createQueryClient } from '../../api/query-client';

/**
 * A later screen of the player (code entry, the run's screens, preview) with the query cache it
 * reads through: loaded with those screens, so that the join page a phone opens first does not
 * carry the cache's library.
 */
export const withQueries =
  <P extends object>(Screen: ComponentType<P>) =>
  (props: P) => {
    const [client] = useState(createQueryClient);
    return (
      <QueryClientProvider client={client}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  };
