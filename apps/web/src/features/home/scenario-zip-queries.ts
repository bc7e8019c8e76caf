import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context';
import { scenarioZipCalls } from '../../api/scenario-zip-calls';
import { useAddScenarios } from './home-queries';

/** POST /admin/import/zip: a zip made by Export with media, its scenarios added to the space. */
export const useImportScenarioZip = () => {
  const { request } = useApi();
  const calls = useMemo(() => scenarioZipCalls(request), [request]);
  const add = useAddScenarios();
  return useMutation({
    mutationFn: (input: { groupId: string; zip: Blob }) => calls.importZip(input.groupId, input.zip),
    onSuccess: (imported) => add(imported),
  });
};
