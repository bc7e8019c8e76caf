import { fileTypeFromBuffer } from 'file-type';
import { isUploadType, mediaProps, propNotRecognised, uploadTypes, type MediaKind, type UploadType } from '@resim/contracts';
import { AppError, badRequest } from '../../errors/app-error';

/** How many leading bytes of a file are read to tell what it holds. */
export const sniffBytes = 4100;

// Types that share a container are one family: a browser may call an .m4a file video/mp4, and
// the content of an audio-only WebM reads as video/webm.
const families: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'video/mp4': 'isobmff',
  'video/x-m4v': 'isobmff',
  'video/quicktime': 'isobmff',
  'audio/mp4': 'isobmff',
  'audio/x-m4a': 'isobmff',
  'audio/aac': 'aac',
  'video/webm': 'webm',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'video/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/mpeg': 'mpeg-audio',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'application/pdf': 'pdf',
};

const kindsText = (kinds: readonly MediaKind[]) => kinds.map((kind) => (kind === 'pdf' ? 'PDFs' : `${kind}s`)).join(', ');

/** SPEC 8: a property must be one of the scenario's media lists, and takes only its kinds. */
export const checkProp = (prop: string | undefined, fileType: UploadType): void => {
  if (prop === undefined) return;
  if (!Object.hasOwn(mediaProps, prop)) throw badRequest(propNotRecognised);
  const kinds: readonly MediaKind[] = mediaProps[prop as keyof typeof mediaProps];
  if (!kinds.includes(uploadTypes[fileType])) throw badRequest(`${prop} takes ${kindsText(kinds)}; this is ${fileType}`);
};

/**
 * What the file's first bytes show it to be must be an allowed type of the same family as the
 * type declared: the name and the browser's word are never enough. Throws 415 when it is not.
 */
export const checkContent = async (head: Uint8Array, declared: string): Promise<void> => {
  const found = await fileTypeFromBuffer(head);
  if (!found || !families[found.mime]) {
    throw new AppError('unsupported_media_type', "The file's content is not an image, video, audio or PDF that can be shown");
  }
  if (!isUploadType(declared) || families[found.mime] !== families[declared]) {
    throw new AppError('unsupported_media_type', `The file's content is ${found.mime}, not ${declared} as its type says`);
  }
};
