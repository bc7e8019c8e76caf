import { z } from 'zod';

/**
 * SPEC 7 uploads: a file goes up in parts (GET /uploads/start, GET /uploads/parts for each part's
 * presigned address, PUT of each chunk there, POST /uploads/complete); small images go up whole
 * (POST /admin/image). Uploaded files are served by key from the artifacts address.
 */

/** SPEC 9: every part but the last is this many bytes. */
export const uploadChunkSize = 100_000_000;

/** Part numbers run from 1 to this (S3's own limit). */
export const maxUploadParts = 10_000;

/** What a file holds, as its content shows. */
export const mediaKinds = ['image', 'video', 'audio', 'pdf'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/**
 * The file types the product takes, as a browser names them (File.type), and what each holds.
 * The server checks the content itself, never the name; SVG and other scriptable types are refused.
 */
export const uploadTypes = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'image/avif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/x-m4a': 'audio',
  'audio/aac': 'audio',
  'audio/ogg': 'audio',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/webm': 'audio',
  'audio/flac': 'audio',
  'application/pdf': 'pdf',
} as const satisfies Record<string, MediaKind>;
export type UploadType = keyof typeof uploadTypes;
export const uploadTypeNames = Object.keys(uploadTypes) as UploadType[];
export const isUploadType = (value: string): value is UploadType => Object.hasOwn(uploadTypes, value);

/**
 * SPEC 3 media properties a file may be uploaded for, and the kinds each takes. Any other name
 * is refused with 'Prop type not recognised' (SPEC 8).
 */
export const mediaProps = {
  descriptionImages: ['image'],
  descriptionVideos: ['video', 'audio'],
  descriptionFiles: ['pdf', 'image', 'video', 'audio'],
  factImages: ['image'],
  factVideos: ['video', 'audio'],
  factFiles: ['pdf', 'image', 'video', 'audio'],
} as const satisfies Record<string, readonly MediaKind[]>;
export type MediaProp = keyof typeof mediaProps;
export const mediaPropNames = Object.keys(mediaProps) as MediaProp[];
export const propNotRecognised = 'Prop type not recognised';

/** The limits in force, from the server's configuration (GET /config.json). */
export const uploadLimits = z
  .object({
    /** bytes of a part: every part but the last is exactly this */
    chunkSize: z.number(),
    /** largest file through the chunked upload */
    maxBytes: z.number(),
    /** largest image through POST /admin/image, before base64 */
    imageMaxBytes: z.number(),
    types: z.array(z.string()),
  })
  .meta({ id: 'UploadLimits' });
export type UploadLimits = z.infer<typeof uploadLimits>;

const fileType = z
  .string({ error: 'Give the file type' })
  .trim()
  .toLowerCase()
  .refine(isUploadType, { error: `The file type must be one of ${uploadTypeNames.join(', ')}` });
// Checked by the server, which answers an unknown one with exactly propNotRecognised.
const prop = z.string().max(100, propNotRecognised).optional();
const uploadId = z.string({ error: 'Give the uploadId' }).min(1, 'Give the uploadId').max(1024);
const key = z.string({ error: 'Give the key' }).min(1, 'Give the key').max(1024);
const partNumber = z.coerce
  .number({ error: 'The part must be a number' })
  .int('The part must be a whole number')
  .min(1, 'Parts are numbered from 1')
  .max(maxUploadParts, `Parts are numbered up to ${maxUploadParts}`);

/** GET /uploads/start?fileName=&fileType=&prop= */
export const uploadStartQuery = z.strictObject({
  fileName: z.string({ error: 'Give the file name' }).trim().min(1, 'Give the file name').max(255, 'At most 255 characters'),
  fileType,
  /** the scenario property the file is for, which narrows the kinds taken */
  prop,
});
export type UploadStartQuery = z.input<typeof uploadStartQuery>;
export const uploadStart = z.object({ uploadId: z.string(), key: z.string() }).meta({ id: 'UploadStart' });
export type UploadStart = z.infer<typeof uploadStart>;

/** GET /uploads/parts?key=&part=&uploadId= */
export const uploadPartQuery = z.strictObject({ key, part: partNumber, uploadId });
export type UploadPartQuery = z.input<typeof uploadPartQuery>;
/** PUT the chunk's bytes to presignedUrl; the answer's ETag header is the part's ETag. */
export const uploadPart = z.object({ presignedUrl: z.string() }).meta({ id: 'UploadPart' });
export type UploadPart = z.infer<typeof uploadPart>;

/** POST /uploads/complete */
export const uploadCompleteBody = z.strictObject({
  key,
  uploadId,
  parts: z
    .array(
      z.strictObject({
        ETag: z.string({ error: 'Give each part its ETag' }).min(1, 'Give each part its ETag').max(200),
        PartNumber: partNumber,
      }),
      { error: 'Give the parts' },
    )
    .min(1, 'Give the parts')
    .max(maxUploadParts),
});
export type UploadCompleteBody = z.input<typeof uploadCompleteBody>;

/** A stored file: its key and the address it is served from. */
export const storedFile = z
  .object({
    key: z.string(),
    url: z.string(),
    /** the type its content shows */
    fileType: z.string(),
    size: z.number(),
  })
  .meta({ id: 'StoredFile' });
export type StoredFile = z.infer<typeof storedFile>;

/** DELETE /uploads/{uploadId}?key= */
export const uploadAbortParams = z.strictObject({ uploadId });
export const uploadAbortQuery = z.strictObject({ key });

/** POST /admin/image: a small image, base64 (a data: URL's prefix is allowed). */
export const imageUploadBody = z.strictObject({
  fileType,
  content: z.string({ error: 'Give the content, base64' }).min(1, 'Give the content, base64'),
  prop,
});
export type ImageUploadBody = z.input<typeof imageUploadBody>;
