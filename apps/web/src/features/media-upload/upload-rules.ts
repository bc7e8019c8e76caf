import { mediaProps, uploadTypes, type MediaProp, type UploadLimits } from '@resim/contracts';

type Kind = (typeof uploadTypes)[keyof typeof uploadTypes];

const kindNames: Record<Kind, string> = { image: 'images', video: 'videos', audio: 'audio', pdf: 'PDFs' };

const kindsOf = (prop: MediaProp): readonly Kind[] => mediaProps[prop];

/** The file types a media list takes, for the file picker's accept attribute. */
export const acceptedTypes = (prop: MediaProp): string[] =>
  Object.entries(uploadTypes)
    .filter(([, kind]) => kindsOf(prop).includes(kind))
    .map(([type]) => type);

const listOf = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.slice(-1).join('')}`;

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

/**
 * Why a file cannot go into a media list, before anything is sent: its type, as the browser
 * names it, is not one the list takes, or it is larger than the server takes. The server checks
 * the content again.
 */
export const fileProblem = (
  file: { readonly name: string; readonly type: string; readonly size: number },
  prop: MediaProp,
  limits: Pick<UploadLimits, 'maxBytes'>,
): string | undefined => {
  const kind = (uploadTypes as Readonly<Record<string, Kind>>)[file.type.toLowerCase()];
  if (kind === undefined || !kindsOf(prop).includes(kind)) {
    return `${file.name} cannot go here: this list takes ${listOf(kindsOf(prop).map((name) => kindNames[name]))}`;
  }
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > limits.maxBytes) return `${file.name} is larger than ${megabytes(limits.maxBytes)}`;
  return undefined;
};

/** Small images go up whole as base64 (SPEC 7 POST /admin/image): one request rather than three. */
export const sendsWhole = (file: { readonly type: string; readonly size: number }, limits: Pick<UploadLimits, 'imageMaxBytes'>): boolean =>
  file.type.startsWith('image/') && file.size <= limits.imageMaxBytes;
