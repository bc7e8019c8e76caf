import type { Space } from '@resim/contracts';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ClientsView = 'learners' | 'allocations';

/**
 * The space and the view chosen, kept in the address (`?space=&view=`, see spaceLearnersPath) so that a reload or a link
 * opens the same. With no space in the address the first is chosen, and written there.
 */
export const useClientsAddress = (spaces: readonly Space[] | undefined) => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('space');
  const view: ClientsView = params.get('view') === 'allocations' ? 'allocations' : 'learners';
  const sorted = useMemo(() => [...(spaces ?? [])].sort((a, b) => a.description.localeCompare(b.description)), [spaces]);
  const first = sorted[0]?.id ?? null;

  const change = (changes: { space?: string; view?: ClientsView }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (changes.space !== undefined) next.set('space', changes.space);
      if (changes.view === 'learners') next.delete('view');
      else if (changes.view !== undefined) next.set('view', changes.view);
      return next;
    });

  useEffect(() => {
    if (requested === null && first !== null)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('space', first);
          return next;
        },
        { replace: true },
      );
  }, [requested, first, setParams]);

  return {
    spaces: sorted,
    space: sorted.find((space) => space.id === (requested ?? first)) ?? null,
    /** the address names a space the user cannot open */
    unknown: requested !== null && spaces !== undefined && !sorted.some((space) => space.id === requested),
    view,
    chooseSpace: (spaceId: string) => change({ space: spaceId }),
    chooseView: (next: ClientsView) => change({ view: next }),
  };
};
