import { inSentence, pluralLabel, type CheckedPart, type ScenarioContent, type TextSet } from '@resim/domain';

/** Changes the draft; `key` names the field changed, so that keystrokes in it undo as one step. */
export type ChangeContent = (change: (draft: ScenarioContent) => ScenarioContent, key?: string) => void;

/** What every sub-screen of the editor gets. */
export type PanelProps = {
  /** the scenario's id, for the sub-screens that read its results */
  readonly resimId: string;
  readonly content: ScenarioContent;
  readonly readOnly: boolean;
  readonly onChange: ChangeContent;
  /** the item to open first (from the flow chart or the address) */
  readonly focusId?: string | null;
  /** opens an item in its own sub-screen (null: the sub-screen itself) */
  readonly onOpen?: (tab: CheckedPart, id: string | null) => void;
  /** the space holding the scenario, and moving it to another (offered in the details) */
  readonly placement?: ScenarioPlacement;
  /** what the History panel needs of the editor to restore a version */
  readonly history?: HistoryContext;
};

export type HistoryContext = {
  /** the revision the editor has open, which a restore names as a save does */
  readonly revision: number;
  /** why no version may be restored now (unsaved changes), or null */
  readonly blocked: string | null;
  /** shows the scenario as the restore saved it */
  readonly onRestored: () => Promise<void>;
};

export type ScenarioPlacement = { readonly group: string; readonly onMove: (spaceId: string) => Promise<void> };

export type Option = { readonly value: string; readonly label: string };

/** A list of items as options of a select, named by their name (or id when unnamed). */
export const optionsOf = (items: readonly { readonly id: string; readonly name: string }[], except?: string): Option[] =>
  items.filter((item) => item.id !== except).map((item) => ({ value: item.id, label: item.name.trim() || item.id }));

/** Whether two lists of options read the same, in the same order. */
export const sameOptions = (a: readonly Option[], b: readonly Option[]): boolean =>
  a === b || (a.length === b.length && a.every((option, index) => option.value === b[index]!.value && option.label === b[index]!.label));

/** One of a plural label such as the text set's 'tests', for buttons that add one ('Add test'). */
export const singularLabel = (plural: string): string => plural.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/** A count in the scenario's words: '1 test', '4 tests', '1 diagnosis', '2 diagnoses'. */
export const countOf = (count: number, what: 'actions' | 'conclusions', labels: TextSet): string => {
  if (what === 'actions') return `${count} ${count === 1 ? singularLabel(labels.actions) : labels.actions}`;
  return `${count} ${count === 1 ? inSentence(labels.conclusion) : pluralLabel(labels.conclusion)}`;
};
