import type { ReadonlyContent } from '../scenario/readonly-content';
import type { MediaItem } from '../scenario/schema';
import type { DeepReadonly } from '../scenario/readonly-content';
import { textFields } from '../scenario/vocabulary';
import type { CheckIssue, CheckTarget, CheckedPart } from './types';

const quoted = (name: string) => `“${name}”`;
const nameOf = (item: { readonly id: string; readonly name: string }) => quoted(item.name || item.id);

/** SPEC 3 feedback: what a learner reads after running an action or confirming a conclusion. */
const missingFeedback = (content: ReadonlyContent): CheckIssue[] => [
  ...content.actions
    .filter((action) => action.feedback.trim() === '')
    .map((action) => ({
      code: 'missing-feedback',
      message: `The action ${nameOf(action)} has no feedback.`,
      target: { part: 'actions', id: action.id } as const,
    })),
  ...content.conclusions
    .filter((conclusion) => conclusion.feedback.trim() === '')
    .map((conclusion) => ({
      code: 'missing-feedback',
      message: `The conclusion ${nameOf(conclusion)} has no feedback.`,
      target: { part: 'conclusions', id: conclusion.id } as const,
    })),
];

type WithMedia = {
  readonly id: string;
  readonly name: string;
  readonly factImages?: readonly DeepReadonly<MediaItem>[];
  readonly factVideos?: readonly DeepReadonly<MediaItem>[];
  readonly descriptionImages?: readonly DeepReadonly<MediaItem>[];
  readonly descriptionVideos?: readonly DeepReadonly<MediaItem>[];
};

/**
 * Images and videos need a description that a screen reader reads in their place (alt text); a
 * file is announced by its link, so it is not asked for one.
 */
const undescribedMedia = (content: ReadonlyContent): CheckIssue[] => {
  const issues: CheckIssue[] = [];
  const look = (owner: string, target: CheckTarget, lists: readonly (readonly DeepReadonly<MediaItem>[] | undefined)[]) => {
    const count = lists.reduce((sum, list) => sum + (list ?? []).filter((media) => media.description.trim() === '').length, 0);
    if (count === 0) return;
    issues.push({
      code: 'media-without-description',
      message: `${owner} has ${count === 1 ? 'an image or video' : `${count} images or videos`} without a description for those who cannot see ${count === 1 ? 'it' : 'them'}.`,
      target,
    });
  };
  look('The scenario', { part: 'details', id: null }, [content.descriptionImages, content.descriptionVideos]);
  const parts: readonly [CheckedPart, string, readonly WithMedia[]][] = [
    ['stages', 'stage', content.stages],
    ['actions', 'action', content.actions],
    ['infos', 'info', content.infos],
    ['baseline', 'baseline entry', content.baseline],
  ];
  for (const [part, noun, items] of parts) {
    for (const item of items) {
      look(`The ${noun} ${nameOf(item)}`, { part, id: item.id }, [
        item.factImages,
        item.factVideos,
        item.descriptionImages,
        item.descriptionVideos,
      ]);
    }
  }
  return issues;
};

/**
 * A text set (the scenario's or a stage's) that rewords some of the player's strings and leaves
 * others it lists empty: the learner reads the default wording there, in the middle of the author's.
 */
const textSetGaps = (content: ReadonlyContent): CheckIssue[] => {
  const gaps = (uiText: Readonly<Partial<Record<string, string>>>, owner: string, target: CheckTarget): CheckIssue[] => {
    const written = textFields.filter((field) => (uiText[field] ?? '').trim() !== '');
    const empty = textFields.filter((field) => uiText[field] !== undefined && uiText[field].trim() === '');
    if (written.length === 0 || empty.length === 0) return [];
    return [
      { code: 'text-set-missing', message: `${owner} leaves ${empty.join(', ')} empty: learners read the default wording there.`, target },
    ];
  };
  return [
    ...gaps(content.uiText, 'The scenario’s text set', { part: 'details', id: null }),
    ...content.stages.flatMap((stage) =>
      gaps(stage.uiText, `The text set of the stage ${nameOf(stage)}`, { part: 'stages', id: stage.id }),
    ),
  ];
};

/** Two items of one list under the same name, which the learner (or the author) cannot tell apart. */
const sameNames = (content: ReadonlyContent): CheckIssue[] => {
  const issues: CheckIssue[] = [];
  const parts: readonly [CheckedPart, string][] = [
    ['actions', 'actions'],
    ['conclusions', 'conclusions'],
    ['stages', 'stages'],
    ['measures', 'measures'],
    ['infos', 'infos'],
    ['baseline', 'baseline entries'],
    ['pages', 'pages'],
  ];
  for (const [part, nouns] of parts) {
    const firsts = new Map<string, string>();
    for (const item of content[part as Exclude<CheckedPart, 'details'>]) {
      const name = item.name.trim().toLocaleLowerCase();
      if (name === '') continue;
      if (firsts.has(name)) {
        issues.push({ code: 'same-name', message: `Two ${nouns} are named ${quoted(item.name.trim())}.`, target: { part, id: item.id } });
      } else firsts.set(name, item.id);
    }
  }
  return issues;
};

/** A pass mark that counts points in a scenario keeping none: every run would fail it. */
const passMarkWithoutPoints = (content: ReadonlyContent): CheckIssue[] =>
  content.passMark.threshold.kind !== 'none' && !content.measures.some((measure) => measure.id === 'points')
    ? [
        {
          code: 'pass-mark-without-points',
          message: 'The pass mark counts points, but the scenario keeps no points measure: no run can pass it.',
          target: { part: 'measures', id: null },
        },
      ]
    : [];

/** SPEC 3's warnings that do not depend on runs: feedback, descriptions of media, text sets, names, the pass mark. */
export const contentWarnings = (content: ReadonlyContent): CheckIssue[] => [
  ...missingFeedback(content),
  ...undescribedMedia(content),
  ...textSetGaps(content),
  ...sameNames(content),
  ...passMarkWithoutPoints(content),
];
