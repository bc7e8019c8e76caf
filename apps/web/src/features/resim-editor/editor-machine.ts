import type { Scenario, ScenarioContent } from '@resim/domain';
import { mergeContent, type MergeChoices } from './conflict-merge';
import { canRedo, canUndo, emptyHistory, recordChange, redo, undo, type DraftHistory } from './draft-history';
import type { EditAccess } from './editor-access';
import { changedKeys, changedKeysAfter, contentOf, sameValue, type ContentKey } from './scenario-changes';

/**
 * SPEC 4, scenario editor: one pure reducer holds where the editor is. Events that make no sense
 * in the current state are ignored, so a late answer or a double click cannot move the editor
 * somewhere the specification does not allow.
 */
export type EditorStatus =
  'NO_SIM' | 'LOADING_SIM' | 'SIM_LOADED' | 'VIEW_ONLY' | 'SIM_EDITED' | 'SIM_SAVING' | 'SIM_SAVED' | 'ERROR_SAVING';

export type EditorState = {
  readonly status: EditorStatus;
  readonly resimId: string | null;
  /** the scenario as last loaded or saved: what a save compares the draft with */
  readonly saved: Scenario | null;
  /** what the author sees and changes */
  readonly draft: ScenarioContent | null;
  readonly history: DraftHistory;
  readonly access: EditAccess | null;
  /** the detail fields and parts in which the draft differs from the saved scenario, kept as the draft moves */
  readonly changed: readonly ContentKey[];
  /** the draft as it was sent, while saving */
  readonly sending: ScenarioContent | null;
  /** why loading or the last save failed */
  readonly error: string | null;
  /** the scenario as someone else saved it, after a save was refused as stale */
  readonly conflict: Scenario | null;
  /** where the editor stands when the draft matches the server again: loaded, or saved since */
  readonly cleanStatus: 'SIM_LOADED' | 'SIM_SAVED';
};

/** How the author settles a refused save: keep mine, take theirs, or choose part by part. */
export type ConflictResolution =
  { readonly kind: 'mine' } | { readonly kind: 'theirs' } | { readonly kind: 'merge'; readonly choices: MergeChoices };

export type EditorEvent =
  | { readonly type: 'OPEN'; readonly resimId: string }
  | { readonly type: 'LOADED'; readonly scenario: Scenario; readonly access: EditAccess }
  | { readonly type: 'LOAD_FAILED'; readonly message: string }
  /** a content change; `key` names the field, so keystrokes in it are one undo step */
  | { readonly type: 'CHANGE'; readonly change: (draft: ScenarioContent) => ScenarioContent; readonly at: number; readonly key?: string }
  | { readonly type: 'UNDO' }
  | { readonly type: 'REDO' }
  | { readonly type: 'SAVE_STARTED' }
  | { readonly type: 'SAVE_SUCCEEDED'; readonly scenario: Scenario }
  | { readonly type: 'SAVE_FAILED'; readonly message: string }
  | { readonly type: 'SAVE_CONFLICT'; readonly current: Scenario }
  | { readonly type: 'CONFLICT_RESOLVED'; readonly resolution: ConflictResolution; readonly access: EditAccess }
  /** the scenario fetched again after a failed save: the draft is dropped */
  | { readonly type: 'RELOADED'; readonly scenario: Scenario; readonly access: EditAccess }
  /** a version restored from the history: a new save the editor takes when nothing unsaved stands in its way */
  | { readonly type: 'RESTORED'; readonly scenario: Scenario; readonly access: EditAccess }
  | { readonly type: 'EDIT' }
  | { readonly type: 'VIEW' }
  /** SPEC 4: the run status moved; the scenario as it now is, and what that allows */
  | { readonly type: 'STATUS_CHANGED'; readonly scenario: Scenario; readonly access: EditAccess }
  /** the scenario was moved to another space, whose security now decides what the author may do */
  | { readonly type: 'MOVED'; readonly scenario: Scenario; readonly access: EditAccess };

export const initialEditorState: EditorState = {
  status: 'NO_SIM',
  resimId: null,
  saved: null,
  draft: null,
  history: emptyHistory,
  access: null,
  changed: [],
  sending: null,
  error: null,
  conflict: null,
  cleanStatus: 'SIM_LOADED',
};

const editableStatuses: readonly EditorStatus[] = ['SIM_LOADED', 'SIM_EDITED', 'SIM_SAVING', 'SIM_SAVED', 'ERROR_SAVING'];

/** Whether the author may change the draft now. */
export const isEditing = (state: EditorState): boolean => editableStatuses.includes(state.status);

/** Whether the draft holds changes the server does not have. */
export const isDirty = (state: EditorState): boolean => state.saved !== null && state.draft !== null && state.changed.length > 0;

/** What differs between a saved scenario and a draft, compared in full: when the saved scenario itself changes. */
const changedFrom = (saved: Scenario, draft: ScenarioContent): ContentKey[] => changedKeys(contentOf(saved), draft);

export const mayUndo = (state: EditorState): boolean => isEditing(state) && canUndo(state.history);
export const mayRedo = (state: EditorState): boolean => isEditing(state) && canRedo(state.history);

/** Saving makes sense when there is something to send and no save is under way. */
export const maySave = (state: EditorState): boolean =>
  (state.status === 'SIM_EDITED' || state.status === 'ERROR_SAVING') && isDirty(state);

/**
 * Whether the editor's toolbar (save state, mode, undo, redo, save) shows the same for two states:
 * most changes to the draft leave it as it is.
 */
export const sameToolbarState = (a: EditorState, b: EditorState): boolean =>
  a === b ||
  (a.status === b.status &&
    a.access === b.access &&
    isDirty(a) === isDirty(b) &&
    mayUndo(a) === mayUndo(b) &&
    mayRedo(a) === mayRedo(b) &&
    maySave(a) === maySave(b));

const opened = (state: EditorState, scenario: Scenario, access: EditAccess): EditorState => ({
  ...state,
  status: access.canEdit ? 'SIM_LOADED' : 'VIEW_ONLY',
  saved: scenario,
  draft: contentOf(scenario),
  history: emptyHistory,
  access,
  changed: [],
  sending: null,
  error: null,
  conflict: null,
  cleanStatus: 'SIM_LOADED',
});

/** After the draft moved: edited when it differs from the saved scenario, back to clean when it does not. */
const afterDraftMoved = (state: EditorState, draft: ScenarioContent, history: DraftHistory): EditorState => {
  const changed = state.saved && state.draft ? changedKeysAfter(contentOf(state.saved), state.changed, state.draft, draft) : [];
  const next = { ...state, draft, history, changed };
  // A change while saving waits for the answer, which tells whether it is still unsaved.
  if (state.status === 'SIM_SAVING') return next;
  if (isDirty(next)) return { ...next, status: 'SIM_EDITED', error: null };
  return { ...next, status: state.cleanStatus, error: null };
};

export const editorMachine = (state: EditorState, event: EditorEvent): EditorState => {
  switch (event.type) {
    case 'OPEN':
      return { ...initialEditorState, status: 'LOADING_SIM', resimId: event.resimId };
    case 'LOADED':
      return state.status === 'LOADING_SIM' && event.scenario.id === state.resimId ? opened(state, event.scenario, event.access) : state;
    case 'LOAD_FAILED':
      return state.status === 'LOADING_SIM' ? { ...state, status: 'NO_SIM', error: event.message } : state;
    case 'CHANGE': {
      if (!isEditing(state) || !state.draft) return state;
      const draft = event.change(state.draft);
      if (draft === state.draft || sameValue(draft, state.draft)) return state;
      return afterDraftMoved(state, draft, recordChange(state.history, state.draft, event.at, event.key));
    }
    case 'UNDO':
    case 'REDO': {
      if (!isEditing(state) || !state.draft) return state;
      const moved = event.type === 'UNDO' ? undo(state.history, state.draft) : redo(state.history, state.draft);
      return moved ? afterDraftMoved(state, moved.draft, moved.history) : state;
    }
    case 'SAVE_STARTED':
      return maySave(state) ? { ...state, status: 'SIM_SAVING', sending: state.draft, error: null } : state;
    case 'SAVE_SUCCEEDED': {
      if (state.status !== 'SIM_SAVING' || !state.draft) return state;
      const untouched = state.sending !== null && sameValue(state.draft, state.sending);
      const next: EditorState = { ...state, saved: event.scenario, sending: null, conflict: null, cleanStatus: 'SIM_SAVED' };
      // The server's copy is the truth, unless the author kept typing while it was on its way.
      if (untouched) return { ...next, status: 'SIM_SAVED', draft: contentOf(event.scenario), changed: [] };
      const changed = changedFrom(event.scenario, state.draft);
      return { ...next, changed, status: changed.length > 0 ? 'SIM_EDITED' : 'SIM_SAVED' };
    }
    case 'SAVE_FAILED':
      return state.status === 'SIM_SAVING' ? { ...state, status: 'ERROR_SAVING', sending: null, error: event.message } : state;
    case 'SAVE_CONFLICT':
      return state.status === 'SIM_SAVING'
        ? { ...state, status: 'ERROR_SAVING', sending: null, error: 'Someone else saved this scenario first.', conflict: event.current }
        : state;
    case 'CONFLICT_RESOLVED': {
      const { conflict, saved, draft } = state;
      if (state.status === 'SIM_SAVING' || !isEditing(state) || !conflict || !saved || !draft) return state;
      if (event.resolution.kind === 'theirs' || !event.access.canEdit) return opened(state, conflict, event.access);
      const sides = { base: contentOf(saved), mine: draft, theirs: contentOf(conflict) };
      const merged = mergeContent(sides, event.resolution.kind === 'merge' ? event.resolution.choices : {});
      const changed = changedFrom(conflict, merged);
      const next: EditorState = { ...state, saved: conflict, draft: merged, changed, conflict: null, error: null, access: event.access };
      return {
        ...next,
        status: isDirty(next) ? 'SIM_EDITED' : state.cleanStatus,
        history: sameValue(merged, draft) ? state.history : recordChange(state.history, draft, 0),
      };
    }
    case 'RELOADED':
      return state.status === 'ERROR_SAVING' && event.scenario.id === state.resimId ? opened(state, event.scenario, event.access) : state;
    case 'RESTORED':
      return event.scenario.id === state.resimId && state.status !== 'SIM_SAVING' && !isDirty(state)
        ? opened(state, event.scenario, event.access)
        : state;
    case 'EDIT':
      return state.status === 'VIEW_ONLY' && state.access?.canEdit === true ? { ...state, status: 'SIM_LOADED' } : state;
    case 'VIEW':
      return (state.status === 'SIM_LOADED' || state.status === 'SIM_SAVED') && !isDirty(state) ? { ...state, status: 'VIEW_ONLY' } : state;
    case 'STATUS_CHANGED':
    case 'MOVED': {
      if (!state.saved || event.scenario.id !== state.resimId || state.status === 'SIM_SAVING') return state;
      // Only the status and its instances, or the space, are taken: content saved meanwhile by
      // someone else still reaches the author through a conflict on their next save, never silently.
      const saved =
        event.type === 'MOVED'
          ? { ...state.saved, group: event.scenario.group }
          : { ...state.saved, resimStatus: event.scenario.resimStatus, instances: event.scenario.instances };
      const next: EditorState = { ...state, saved, access: event.access };
      // SPEC 4: a status other than Initialized makes the editor view-only; Initialized returns it to edit.
      if (!event.access.canEdit) return { ...next, status: 'VIEW_ONLY' };
      if (state.status === 'VIEW_ONLY') return { ...next, status: isDirty(next) ? 'SIM_EDITED' : 'SIM_LOADED' };
      return next;
    }
  }
};
