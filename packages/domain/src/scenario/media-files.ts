import type { MediaItem, ScenarioContent } from './schema';
import type { ReadonlyContent } from './readonly-content';

// A folder of random letters and digits, then a file name of safe characters that starts with a
// letter or digit: no "/" or ".." can take a key out of its folder.
const keyShape = /^[a-z0-9]{16,64}\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/** SPEC 7: whether a key is one the product's uploads make, and so safe to read and write by. */
export const isSafeKey = (key: string): boolean => keyShape.test(key);

const mapItems = <T extends MediaItem>(items: readonly T[], map: (item: T) => T): T[] => items.map(map);

/**
 * Every media list of the content (SPEC 3: description images, videos and files of the scenario
 * and its stages; fact files, videos and images of actions, infos and baseline), each item mapped.
 */
const mapMedia = (content: ReadonlyContent, map: <T extends MediaItem>(item: T) => T): ScenarioContent => {
  const source = content as ScenarioContent;
  const facts = <T extends ScenarioContent['actions'][number] | ScenarioContent['infos'][number] | ScenarioContent['baseline'][number]>(
    item: T,
  ): T => ({
    ...item,
    factFiles: mapItems(item.factFiles, map),
    factVideos: mapItems(item.factVideos, map),
    factImages: mapItems(item.factImages, map),
  });
  const description = <T extends Pick<ScenarioContent['stages'][number], 'descriptionFiles' | 'descriptionImages' | 'descriptionVideos'>>(
    item: T,
  ): T => ({
    ...item,
    descriptionImages: mapItems(item.descriptionImages, map),
    descriptionVideos: mapItems(item.descriptionVideos, map),
    descriptionFiles: mapItems(item.descriptionFiles, map),
  });
  return {
    ...description(source),
    stages: source.stages.map(description),
    actions: source.actions.map(facts),
    infos: source.infos.map(facts),
    baseline: source.baseline.map(facts),
  };
};

/** The key of an address of this server's uploaded files (`${artifactsUrl}/${key}`), when it is one. */
const keyOf = (url: string, artifactsUrl: string): string | undefined => {
  const prefix = `${artifactsUrl.replace(/\/+$/, '')}/`;
  if (!url.startsWith(prefix)) return undefined;
  const key = url.slice(prefix.length);
  return isSafeKey(key) ? key : undefined;
};

/** The keys of the uploaded files the content's media refer to, each once, in the order they appear. */
export const referencedFileKeys = (content: ReadonlyContent, artifactsUrl: string): string[] => {
  const keys = new Set<string>();
  mapMedia(content, (item) => {
    const key = keyOf(item.url, artifactsUrl);
    if (key) keys.add(key);
    return item;
  });
  return [...keys];
};

/**
 * The content with each medium whose file is `${artifactsUrl}/${key}` pointing at the address the
 * map gives its key instead; every other medium, and the content given, unchanged.
 */
export const rewriteFileUrls = (content: ReadonlyContent, artifactsUrl: string, urls: ReadonlyMap<string, string>): ScenarioContent =>
  mapMedia(content, (item) => {
    const key = keyOf(item.url, artifactsUrl);
    const url = key === undefined ? undefined : urls.get(key);
    return url === undefined ? item : { ...item, url };
  });
