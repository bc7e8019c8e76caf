import type { Space } from '@resim/contracts';
import { scenarioProblems, type Scenario } from '@resim/domain';
import { useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { showDanger, showSuccess } from '../../app/notify';
import { editAccess, type EditAccess } from './editor-access';
import {
  editorMachine,
  initialEditorState,
  isDirty,
  maySave,
  sameToolbarState,
  type ConflictResolution,
  type EditorEvent,
  type EditorState,
} from './editor-machine';
import type { ChangeContent } from './editor-types';
import { changesPatch, contentOf } from './scenario-changes';
import { isTyping } from './typing';
import { consoleSocketAddress, createConsoleLive, followsRuns } from './console-live';
import { loadEditorData } from './editor-data';
import { useSessionProgress } from './session-progress';
import type { Accommodated } from './accommodations';
import { accommodatedStillPlaying, controlScenario } from './control-request';

/** How long a pause in typing is before the editor shows what was typed beyond the field itself. */
export const typingPauseMs = 120;

/** SPEC 8: the messages of a save. */
export const savedMessage = 'Resim saved successfully';
export const saveFailedMessage = 'Resim has failed to save.';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const accessOf = (scenario: Scenario, spaces: readonly Space[]): EditAccess =>
  editAccess(
    scenario.resimStatus,
    spaces.find((space) => space.id === scenario.group),
  );

/**
 * The scenario editor's state machine wired to the API: load, change, undo and redo, save only
 * what changed with the revision it started from, and settle a save someone else beat.
 */
export const useResimEditor = (resimId: string) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState(initialEditorState);
  // The machine's state lives here, moved at once by every event, so a save or an undo always acts
  // on the latest draft. React renders it at once, or, for typing in a field, after the browser has
  // painted the keystroke.
  const stateRef = useRef(state);
  const typingRender = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dispatch = useCallback((event: EditorEvent) => {
    // Typing not yet rendered is rendered first, so that each field sees its own text arrive before
    // a change from elsewhere (an undo, a reload) moves it, even back to what it showed before.
    if (!isTyping() && typingRender.current !== null) {
      clearTimeout(typingRender.current);
      typingRender.current = null;
      flushSync(() => setState(stateRef.current));
    }
    const next = editorMachine(stateRef.current, event);
    if (next === stateRef.current) return;
    stateRef.current = next;
    if (!isTyping()) {
      setState(next);
      return;
    }
    // While the author types, only the field changes on screen; the rest of the editor (the list,
    // the header, the save state) catches up when they pause. Redrawn after every keystroke, it kept
    // the browser drawing frame after frame, so each next keystroke waited for the display's refresh.
    if (typingRender.current !== null) clearTimeout(typingRender.current);
    typingRender.current = setTimeout(() => {
      typingRender.current = null;
      startTransition(() => setState(stateRef.current));
    }, typingPauseMs);
  }, []);
  useEffect(
    () => () => {
      if (typingRender.current !== null) clearTimeout(typingRender.current);
    },
    [],
  );
  const saving = useRef(false);

  const spaces = useCallback(
    () => queryClient.fetchQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) }),
    [api, queryClient],
  );

  // Loading starts as soon as the page is in the document, not after the browser has painted the
  // shell and the skeleton: a large scenario takes a while to come.
  useLayoutEffect(() => {
    dispatch({ type: 'OPEN', resimId });
    let left = false;
    loadEditorData(queryClient, api, resimId)
      .then(([scenario, list]) => {
        if (!left) dispatch({ type: 'LOADED', scenario, access: accessOf(scenario, list) });
      })
      .catch((error: unknown) => {
        if (!left) dispatch({ type: 'LOAD_FAILED', message: messageOf(error) });
      });
    return () => {
      left = true;
    };
  }, [api, queryClient, resimId, dispatch]);

  const change = useCallback<ChangeContent>((recipe, key) => dispatch({ type: 'CHANGE', change: recipe, at: Date.now(), key }), []);
  const undo = useCallback(() => dispatch({ type: 'UNDO' }), []);
  const redo = useCallback(() => dispatch({ type: 'REDO' }), []);

  /** Sends the changed parts; `from` is the state to save when it is newer than the last render. */
  const save = useCallback(
    async (from?: EditorState) => {
      const current = from ?? stateRef.current;
      if (saving.current || !maySave(current) || !current.saved || !current.draft) return;
      const patch = changesPatch(contentOf(current.saved), current.draft);
      if (!patch) return;
      saving.current = true;
      dispatch({ type: 'SAVE_STARTED' });
      // What the server would refuse is named here, without a round trip.
      const problems = scenarioProblems(current.draft);
      if (problems.length > 0) {
        saving.current = false;
        dispatch({ type: 'SAVE_FAILED', message: `Fix ${problems.length === 1 ? 'this' : 'these'} first: ${problems.join('; ')}` });
        showDanger(saveFailedMessage);
        return;
      }
      try {
        const result = await api.resims.save(resimId, { ...patch, revision: current.saved.revision });
        if (result.kind === 'saved') {
          dispatch({ type: 'SAVE_SUCCEEDED', scenario: result.scenario });
          showSuccess(savedMessage);
          void queryClient.invalidateQueries({ queryKey: queryKeys.resims });
        } else if (result.current.revision === current.saved.revision && result.current.resimStatus !== 0) {
          // Nobody changed the content: the run status moved (a lobby opened). The draft is kept
          // for when the scenario is Initialized again, and the editor turns view-only.
          dispatch({ type: 'SAVE_FAILED', message: result.message });
          dispatch({ type: 'STATUS_CHANGED', scenario: result.current, access: accessOf(result.current, await spaces()) });
          showDanger(saveFailedMessage);
        } else {
          dispatch({ type: 'SAVE_CONFLICT', current: result.current });
        }
      } catch (error) {
        dispatch({ type: 'SAVE_FAILED', message: messageOf(error) });
        showDanger(saveFailedMessage);
      } finally {
        saving.current = false;
      }
    },
    [api, queryClient, resimId, spaces],
  );

  const resolveConflict = useCallback(
    async (resolution: ConflictResolution) => {
      const current = stateRef.current;
      if (!current.conflict) return;
      const event = { type: 'CONFLICT_RESOLVED', resolution, access: accessOf(current.conflict, await spaces()) } as const;
      const next = editorMachine(stateRef.current, event);
      dispatch(event);
      // Keeping mine or merging sends the result at once, on top of their revision.
      if (next.status === 'SIM_EDITED') await save(next);
    },
    [save, spaces],
  );

  /** SPEC 4: a reload after a failed save drops the draft and shows the scenario as saved. */
  const reload = useCallback(async () => {
    try {
      const [scenario, list] = await Promise.all([api.resims.get(resimId), spaces()]);
      dispatch({ type: 'RELOADED', scenario, access: accessOf(scenario, list) });
    } catch {
      // The client has already shown why; the editor stays where it was.
    }
  }, [api, resimId, spaces]);

  /** A version restored from the history is the scenario as saved now: the editor shows it, as nothing was unsaved. */
  const takeRestored = useCallback(async () => {
    const [scenario, list] = await Promise.all([api.resims.get(resimId), spaces()]);
    dispatch({ type: 'RESTORED', scenario, access: accessOf(scenario, list) });
  }, [api, resimId, spaces]);

  /** SPEC 4: moves the run status; the editor follows into view-only and back. A Stop may spare or end the runs with extra time. */
  const changeStatus = useCallback(
    async (status: number, accommodated?: Accommodated) => {
      const scenario = await controlScenario(api, resimId, status, accommodated);
      dispatch({ type: 'STATUS_CHANGED', scenario, access: accessOf(scenario, await spaces()) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resims });
    },
    [api, queryClient, resimId, spaces],
  );

  /** The learners with extra time still playing in the session now, asked about before it is stopped. */
  const stillPlayingAccommodated = useCallback(() => accommodatedStillPlaying(api, resimId), [api, resimId]);

  /** Moves the scenario to another space; the draft stays, and the new space's security applies. */
  const moveToSpace = useCallback(
    async (spaceId: string) => {
      const scenario = await api.resims.move(resimId, spaceId);
      dispatch({ type: 'MOVED', scenario, access: accessOf(scenario, await spaces()) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resims });
    },
    [api, queryClient, resimId, spaces],
  );

  const { progress, take: takeProgress } = useSessionProgress(resimId);

  // The console's live channel: a status change made elsewhere (another tab, a colleague, the API)
  // reaches the header, the view-only banner and the results at once; their polling is the fallback.
  useEffect(() => {
    const refreshRuns = () =>
      void queryClient.invalidateQueries({
        predicate: (query) => followsRuns(query.queryKey, resimId),
      });
    const followStatus = async () => {
      const [scenario, list] = await Promise.all([api.resims.get(resimId), spaces()]);
      dispatch({ type: 'STATUS_CHANGED', scenario, access: accessOf(scenario, list) });
    };
    const live = createConsoleLive({
      socketUrl: consoleSocketAddress(),
      openSocket: (url) => new WebSocket(url),
      accessToken: api.accessToken,
      resimIds: [resimId],
      onPush: (message) => {
        takeProgress(message);
        // Whatever changed (runs, or only who is connected), the results shown are read again.
        if (message.type === 'changed') refreshRuns();
        // Pushes missed while the socket was down are made up for on (re)subscribing.
        if (message.type === 'status' || message.type === 'subscribed') {
          refreshRuns();
          followStatus().catch(() => undefined);
        }
      },
    });
    live.start();
    return live.stop;
  }, [api, dispatch, queryClient, resimId, spaces, takeProgress]);

  /** Whether the draft holds unsaved changes now, typing the editor has not rendered yet included. */
  const hasUnsavedChanges = useCallback(() => isDirty(stateRef.current), []);

  const enterEdit = useCallback(() => dispatch({ type: 'EDIT' }), []);
  const enterView = useCallback(() => dispatch({ type: 'VIEW' }), []);

  // Shortcuts work inside fields too: Ctrl+Z there undoes the draft, as everywhere in the editor.
  useHotkeys(
    [
      ['mod+S', () => void save()],
      ['mod+Z', undo],
      ['mod+shift+Z', redo],
      ['mod+Y', redo],
    ],
    [],
  );

  return useMemo(
    () => ({
      state,
      change,
      undo,
      redo,
      save,
      resolveConflict,
      reload,
      takeRestored,
      changeStatus,
      stillPlayingAccommodated,
      moveToSpace,
      hasUnsavedChanges,
      enterEdit,
      enterView,
      /** how far a Start or Stop of the session has gone, while it goes on */
      progress,
    }),
    [
      state,
      change,
      undo,
      redo,
      save,
      resolveConflict,
      reload,
      takeRestored,
      changeStatus,
      stillPlayingAccommodated,
      moveToSpace,
      hasUnsavedChanges,
      enterEdit,
      enterView,
      progress,
    ],
  );
};

export type ResimEditor = ReturnType<typeof useResimEditor>;

/** Whether the toolbar of two editors shows and does the same (its actions keep their identity while the page lives). */
export const sameToolbar = (before: { editor: ResimEditor }, after: { editor: ResimEditor }): boolean =>
  sameToolbarState(before.editor.state, after.editor.state) &&
  before.editor.undo === after.editor.undo &&
  before.editor.redo === after.editor.redo &&
  before.editor.save === after.editor.save &&
  before.editor.enterEdit === after.editor.enterEdit &&
  before.editor.enterView === after.editor.enterView;
