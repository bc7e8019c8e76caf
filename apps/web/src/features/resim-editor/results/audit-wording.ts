import type { AuditEntry } from '@resim/contracts';
import type { ScenarioContent } from '@resim/domain';

type Names = { readonly actions: ReadonlyMap<string, string>; readonly conclusions: ReadonlyMap<string, string> };

/** The scenario's items by id, named as the author named them (the id when unnamed). */
export const namesOf = (content: Pick<ScenarioContent, 'actions' | 'conclusions'>): Names => {
  const byId = (items: readonly { readonly id: string; readonly name: string }[]) =>
    new Map(items.map((item) => [item.id, item.name.trim() || item.id]));
  return { actions: byId(content.actions), conclusions: byId(content.conclusions) };
};

// Items deleted since the step was taken keep their id, so the trail still says what was done.
const nameOf = (names: ReadonlyMap<string, string>, id: unknown): string =>
  typeof id === 'string' ? (names.get(id) ?? id) : 'something unnamed';

const listed = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? 'nothing') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** A step in words from the names of what it concerned: 'ran Full blood count', 'confirmed Iron deficiency'. */
export const stepPhrase = (type: string, items: readonly string[]): string => {
  switch (type) {
    case 'runAction':
      return `ran ${items[0] ?? 'something unnamed'}`;
    case 'confirmConclusions':
      return `confirmed ${listed(items)}`;
    case 'takeHint':
      return 'took the hint';
    case 'end':
      return 'ended the run';
    case 'stop':
      return 'was stopped';
    default:
      return type;
  }
};

/** One step of the audit trail in words: 'ran Full blood count', 'confirmed Iron deficiency'. */
export const stepWords = (entry: Pick<AuditEntry, 'type' | 'detail'>, names: Names): string => {
  const ids = entry.detail['conclusionIds'];
  const items =
    entry.type === 'runAction'
      ? [nameOf(names.actions, entry.detail['actionId'])]
      : entry.type === 'confirmConclusions' && Array.isArray(ids)
        ? ids.map((id) => nameOf(names.conclusions, id))
        : [];
  return stepPhrase(entry.type, items);
};

const kindLabels: Record<string, string> = {
  runAction: 'Ran an action',
  confirmConclusions: 'Confirmed a conclusion',
  takeHint: 'Took the hint',
  end: 'Ended the run',
  stop: 'Was stopped',
};

/** A kind of step as the filter names it. */
export const kindLabel = (type: string): string => kindLabels[type] ?? type;
