import { Badge } from '@mantine/core';
import type { ConnectionStatus } from './run-connection';

/**
 * Says so while the run is not pushed live, since the presenter's start and messages then come
 * with the next fetch, a few seconds late. Nothing while all is well.
 */
export const ConnectionBadge = ({ status }: { status: ConnectionStatus }) => {
  if (status === 'live' || status === 'stopped') return null;
  return (
    <Badge variant="dot" color={status === 'polling' ? 'orange' : 'gray'} size="sm" role="status">
      {status === 'polling' ? 'Reconnecting…' : 'Connecting…'}
    </Badge>
  );
};
