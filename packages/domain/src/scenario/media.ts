import type { ReadonlyContent } from './readonly-content';

// Media are shown to learners as links and sources: only web addresses and the product's own paths, never javascript: or data:.
const safeUrl = /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/i;

/** The problem with a media address as it is typed, or undefined when it is fine. */
export const mediaUrlProblem = (url: string): string | undefined => {
  const value = url.trim();
  if (value === '') return 'Give the address of the file';
  if (!safeUrl.test(value)) return 'Use an address starting with https://, http:// or /';
  return undefined;
};

type MediaLists = Record<string, readonly { readonly url: string }[]>;

/**
 * SPEC 3 media (description images, videos and files; fact files, videos and images, of actions, baseline and infos): every
 * address is a web address or a path of the product, named where it is when it is not.
 */
export const mediaProblems = (content: ReadonlyContent): string[] => {
  const problems: string[] = [];
  const check = (path: string, lists: MediaLists) => {
    for (const [list, media] of Object.entries(lists)) {
      media.forEach((item, index) => {
        const problem = mediaUrlProblem(item.url);
        if (problem) problems.push(`${path}${list}[${index}].url: ${problem}`);
      });
    }
  };
  const { descriptionImages, descriptionVideos, descriptionFiles } = content;
  check('', { descriptionImages, descriptionVideos, descriptionFiles });
  content.stages.forEach((stage, index) =>
    check(`stages[${index}].`, {
      descriptionImages: stage.descriptionImages,
      descriptionVideos: stage.descriptionVideos,
      descriptionFiles: stage.descriptionFiles,
    }),
  );
  content.actions.forEach((action, index) =>
    check(`actions[${index}].`, { factFiles: action.factFiles, factVideos: action.factVideos, factImages: action.factImages }),
  );
  content.infos.forEach((info, index) =>
    check(`infos[${index}].`, { factFiles: info.factFiles, factVideos: info.factVideos, factImages: info.factImages }),
  );
  content.baseline.forEach((baseline, index) =>
    check(`baseline[${index}].`, { factFiles: baseline.factFiles, factVideos: baseline.factVideos, factImages: baseline.factImages }),
  );
  return problems;
};
