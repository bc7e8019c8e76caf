import type { Scenario, ScenarioContent } from '@resim/domain';
import { describe, expect, it } from 'vitest';
import { actionFixture, scenarioFixture } from '../../test/scenario-fixtures';
import { changedKeys, contentOf } from './scenario-changes';
import type { EditAccess } from './editor-access';
import {
  editorMachine,
  initialEditorState,
  isDirty,
  maySave,
  mayUndo,
  sameToolbarState,
  type EditorEvent,
  type EditorState,
  type EditorStatus,
} from './editor-machine';

const allowed: EditAccess = { canEdit: true };
const refused: EditAccess = { canEdit: false, reason: 'This scenario is Open: only an Initialized scenario can be edited.' };
const loaded = scenarioFixture({ revision: 3 });

const run = (events: readonly EditorEvent[], from: EditorState = initialEditorState): EditorState => events.reduce(editorMachine, from);
const rename = (resimName: string, at = 0): EditorEvent => ({
  type: 'CHANGE',
  change: (draft) => ({ ...draft, resimName }),
  at,
  key: 'resimName',
});
const savedAs = (revision: number, content: Partial<ScenarioContent>): Scenario => ({ ...loaded, ...content, revision });

const open: readonly EditorEvent[] = [
  { type: 'OPEN', resimId: 'r1' },
  { type: 'LOADED', scenario: loaded, access: allowed },
];
const edited = run([...open, rename('Anaemia')]);

describe('scenario editor machine (SPEC 4)', () => {
  it('starts with no scenario and loads one', () => {
    expect(initialEditorState.status).toBe('NO_SIM');
    const loading = run([{ type: 'OPEN', resimId: 'r1' }]);
    expect(loading.status).toBe('LOADING_SIM');
    const ready = run(open);
    expect(ready.status).toBe('SIM_LOADED');
    expect(ready.draft?.resimName).toBe('Chest pain');
    expect(isDirty(ready)).toBe(false);
  });

  it('opens view-only, with the reason, when editing is not allowed', () => {
    const state = run([
      { type: 'OPEN', resimId: 'r1' },
      { type: 'LOADED', scenario: loaded, access: refused },
    ]);
    expect(state.status).toBe('VIEW_ONLY');
    expect(state.access).toEqual(refused);
    expect(run([rename('x'), { type: 'EDIT' }], state).status).toBe('VIEW_ONLY');
    expect(run([rename('x')], state).draft?.resimName).toBe('Chest pain');
  });

  it('goes from view-only to edit only when allowed', () => {
    const viewing = run([...open, { type: 'VIEW' }]);
    expect(viewing.status).toBe('VIEW_ONLY');
    expect(run([{ type: 'EDIT' }], viewing).status).toBe('SIM_LOADED');
  });

  it('ignores an answer for another scenario, and a failed load ends with no scenario and the reason', () => {
    const loading = run([{ type: 'OPEN', resimId: 'r2' }]);
    expect(run([{ type: 'LOADED', scenario: loaded, access: allowed }], loading).status).toBe('LOADING_SIM');
    const failed = run([{ type: 'LOAD_FAILED', message: 'Scenario not found' }], loading);
    expect(failed).toMatchObject({ status: 'NO_SIM', error: 'Scenario not found' });
  });

  it('any content change makes it SIM_EDITED; undoing every change makes it clean again', () => {
    expect(edited.status).toBe('SIM_EDITED');
    expect(isDirty(edited)).toBe(true);
    expect(maySave(edited)).toBe(true);
    const undone = run([{ type: 'UNDO' }], edited);
    expect(undone.status).toBe('SIM_LOADED');
    expect(undone.draft?.resimName).toBe('Chest pain');
    const redone = run([{ type: 'REDO' }], undone);
    expect(redone.status).toBe('SIM_EDITED');
    expect(redone.draft?.resimName).toBe('Anaemia');
  });

  it('a change to the same value is not a change', () => {
    const state = run([...open, rename('Chest pain')]);
    expect(state.status).toBe('SIM_LOADED');
    expect(mayUndo(state)).toBe(false);
  });

  it('commit: SIM_SAVING, then SIM_SAVED with the server copy; a change then makes it SIM_EDITED again', () => {
    const saving = run([{ type: 'SAVE_STARTED' }], edited);
    expect(saving.status).toBe('SIM_SAVING');
    expect(maySave(saving)).toBe(false);
    const saved = run([{ type: 'SAVE_SUCCEEDED', scenario: savedAs(4, { resimName: 'Anaemia' }) }], saving);
    expect(saved.status).toBe('SIM_SAVED');
    expect(saved.saved?.revision).toBe(4);
    expect(isDirty(saved)).toBe(false);
    expect(run([rename('Anaemia workup')], saved).status).toBe('SIM_EDITED');
    // Undo still reaches back past the save.
    expect(run([{ type: 'UNDO' }], saved)).toMatchObject({ status: 'SIM_EDITED', draft: { resimName: 'Chest pain' } });
  });

  it('a change made while saving stays unsaved after the answer', () => {
    const state = run(
      [
        { type: 'SAVE_STARTED' },
        rename('Anaemia workup', 5000),
        { type: 'SAVE_SUCCEEDED', scenario: savedAs(4, { resimName: 'Anaemia' }) },
      ],
      edited,
    );
    expect(state.status).toBe('SIM_EDITED');
    expect(state.draft?.resimName).toBe('Anaemia workup');
    expect(state.saved?.resimName).toBe('Anaemia');
  });

  it('a failed save is ERROR_SAVING; saving again is allowed; a reload returns to SIM_LOADED and drops the draft', () => {
    const failed = run([{ type: 'SAVE_STARTED' }, { type: 'SAVE_FAILED', message: 'details.resimName: must not be empty' }], edited);
    expect(failed).toMatchObject({ status: 'ERROR_SAVING', error: 'details.resimName: must not be empty' });
    expect(maySave(failed)).toBe(true);
    expect(run([{ type: 'SAVE_STARTED' }], failed).status).toBe('SIM_SAVING');
    const reloaded = run([{ type: 'RELOADED', scenario: savedAs(5, { resimName: 'Theirs' }), access: allowed }], failed);
    expect(reloaded.status).toBe('SIM_LOADED');
    expect(reloaded.draft?.resimName).toBe('Theirs');
    expect(mayUndo(reloaded)).toBe(false);
  });

  it('takes a version restored from the history as the scenario saved now, unless unsaved changes stand in its way', () => {
    const clean = run(open);
    const restored = run([{ type: 'RESTORED', scenario: savedAs(7, { resimName: 'As in March' }), access: allowed }], clean);
    expect(restored).toMatchObject({ status: 'SIM_LOADED', saved: { revision: 7 } });
    expect(restored.draft?.resimName).toBe('As in March');
    expect(editorMachine(edited, { type: 'RESTORED', scenario: savedAs(7, {}), access: allowed })).toBe(edited);
  });

  it('ignores events that make no sense in the current state', () => {
    const cases: readonly [EditorStatus, EditorEvent][] = [
      ['SIM_LOADED', { type: 'SAVE_STARTED' }],
      ['SIM_LOADED', { type: 'SAVE_SUCCEEDED', scenario: loaded }],
      ['SIM_EDITED', { type: 'SAVE_FAILED', message: 'late' }],
      ['SIM_EDITED', { type: 'RELOADED', scenario: loaded, access: allowed }],
      ['SIM_EDITED', { type: 'VIEW' }],
      ['SIM_LOADED', { type: 'EDIT' }],
    ];
    for (const [status, event] of cases) {
      const state = status === 'SIM_LOADED' ? run(open) : edited;
      expect(editorMachine(state, event)).toBe(state);
    }
  });

  it('a status change away from Initialized makes it view-only; Initialized again returns it to edit (SPEC 4)', () => {
    const lobby = run([...open, { type: 'STATUS_CHANGED', scenario: { ...loaded, resimStatus: 1 }, access: refused }]);
    expect(lobby.status).toBe('VIEW_ONLY');
    expect(lobby.saved?.resimStatus).toBe(1);
    expect(run([{ type: 'EDIT' }], lobby).status).toBe('VIEW_ONLY');
    const back = run([{ type: 'STATUS_CHANGED', scenario: { ...loaded, resimStatus: 0 }, access: allowed }], lobby);
    expect(back.status).toBe('SIM_LOADED');
    expect(back.saved?.revision).toBe(3);
  });

  it('keeps unsaved changes across a status change, and takes no content from it', () => {
    const away = run(
      [{ type: 'STATUS_CHANGED', scenario: { ...loaded, resimStatus: 4, resimName: 'Theirs', revision: 9 }, access: refused }],
      edited,
    );
    expect(away.status).toBe('VIEW_ONLY');
    expect(away.draft?.resimName).toBe('Anaemia');
    expect(away.saved?.resimName).toBe(loaded.resimName);
    const back = run([{ type: 'STATUS_CHANGED', scenario: { ...loaded, resimStatus: 0 }, access: allowed }], away);
    expect(back.status).toBe('SIM_EDITED');
    expect(maySave(back)).toBe(true);
  });

  it('takes the new space of a moved scenario, keeping the draft, and follows that space into view-only', () => {
    const moved = run(
      [{ type: 'MOVED', scenario: { ...loaded, group: 'space-2', resimName: 'Theirs', resimStatus: 4 }, access: allowed }],
      edited,
    );
    expect(moved.saved?.group).toBe('space-2');
    expect(moved.saved?.resimName).toBe(loaded.resimName);
    expect(moved.saved?.resimStatus).toBe(loaded.resimStatus);
    expect(moved.status).toBe('SIM_EDITED');
    expect(moved.draft?.resimName).toBe('Anaemia');
    const locked = run([{ type: 'MOVED', scenario: { ...loaded, group: 'space-3' }, access: refused }], moved);
    expect(locked.status).toBe('VIEW_ONLY');
  });

  describe('a save refused because someone saved first', () => {
    // I renamed the scenario and added a test; they changed the description and added another test.
    const mine = run(
      [{ type: 'CHANGE', change: (draft) => ({ ...draft, actions: [actionFixture('act1', 'Ferritin')] }), at: 9000 }],
      edited,
    );
    const theirs = savedAs(4, { description: 'A tired patient', actions: [actionFixture('act1', 'Reticulocytes')] });
    const conflicted = run([{ type: 'SAVE_STARTED' }, { type: 'SAVE_CONFLICT', current: theirs }], mine);

    it('is ERROR_SAVING with their scenario kept for the choice', () => {
      expect(conflicted.status).toBe('ERROR_SAVING');
      expect(conflicted.conflict?.revision).toBe(4);
    });

    it('keep mine: my parts on top of their revision, ready to send again', () => {
      const state = run([{ type: 'CONFLICT_RESOLVED', resolution: { kind: 'mine' }, access: allowed }], conflicted);
      expect(state.status).toBe('SIM_EDITED');
      expect(state.saved?.revision).toBe(4);
      expect(state.draft).toMatchObject({ resimName: 'Anaemia', description: 'A tired patient', actions: [{ name: 'Ferritin' }] });
      expect(state.conflict).toBeNull();
    });

    it('take theirs: their scenario is loaded and my changes dropped', () => {
      const state = run([{ type: 'CONFLICT_RESOLVED', resolution: { kind: 'theirs' }, access: allowed }], conflicted);
      expect(state.status).toBe('SIM_LOADED');
      expect(state.draft).toMatchObject({ resimName: 'Chest pain', description: 'A tired patient', actions: [{ name: 'Reticulocytes' }] });
      expect(isDirty(state)).toBe(false);
    });

    it('merge: each part changed on both sides follows the choice', () => {
      const state = run(
        [{ type: 'CONFLICT_RESOLVED', resolution: { kind: 'merge', choices: { actions: 'theirs' } }, access: allowed }],
        conflicted,
      );
      expect(state.status).toBe('SIM_EDITED');
      expect(state.draft).toMatchObject({ resimName: 'Anaemia', description: 'A tired patient', actions: [{ name: 'Reticulocytes' }] });
    });

    it('becomes view-only when their scenario may no longer be edited', () => {
      const state = run([{ type: 'CONFLICT_RESOLVED', resolution: { kind: 'mine' }, access: refused }], conflicted);
      expect(state.status).toBe('VIEW_ONLY');
    });
  });

  it('keeps what differs from the saved scenario as the draft moves, as a full comparison would', () => {
    const renameAction = (id: string, name: string, at: number): EditorEvent => ({
      type: 'CHANGE',
      change: (draft) => ({ ...draft, actions: draft.actions.map((action) => (action.id === id ? { ...action, name } : action)) }),
      at,
      key: `actions/${id}/name`,
    });
    const start = run([
      { type: 'OPEN', resimId: 'r1' },
      {
        type: 'LOADED',
        scenario: savedAs(3, { actions: [actionFixture('act1', 'Ferritin'), actionFixture('act2', 'Troponin')] }),
        access: allowed,
      },
    ]);
    const events: EditorEvent[] = [
      renameAction('act1', 'Ferritin (fasting)', 0),
      rename('Anaemia', 2000),
      renameAction('act1', 'Ferritin', 4000),
      { type: 'UNDO' },
      { type: 'REDO' },
      { type: 'SAVE_STARTED' },
      renameAction('act2', 'Troponin I', 6000),
      { type: 'SAVE_SUCCEEDED', scenario: savedAs(4, { resimName: 'Anaemia', actions: start.draft!.actions }) },
      rename('Chest pain', 8000),
      { type: 'UNDO' },
      { type: 'UNDO' },
    ];
    let state = start;
    for (const event of events) {
      state = editorMachine(state, event);
      expect(state.changed).toEqual(changedKeys(contentOf(state.saved!), state.draft!));
      expect(isDirty(state)).toBe(state.changed.length > 0);
    }
    // The last undo goes back to what the save sent: clean again.
    expect(state.status).toBe('SIM_SAVED');
    expect(isDirty(state)).toBe(false);
  });

  it('tells when the toolbar shows the same: typing on shows no change there', () => {
    const typed = run([rename('Anaemia w', 100)], edited);
    expect(sameToolbarState(edited, typed)).toBe(true);
    expect(sameToolbarState(run(open), edited)).toBe(false);
    expect(sameToolbarState(edited, run([{ type: 'SAVE_STARTED' }], edited))).toBe(false);
    expect(sameToolbarState(edited, run([{ type: 'UNDO' }, { type: 'REDO' }], edited))).toBe(true);
  });
});
