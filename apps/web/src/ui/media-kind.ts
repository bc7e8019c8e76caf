/** What a medium holds, as far as the player and the editor show it differently. */
export type MediaKind = 'image' | 'video' | 'audio' | 'pdf';

const byExtension: Readonly<Record<string, MediaKind>> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  svg: 'image',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  mov: 'video',
  ogv: 'video',
  mp3: 'audio',
  m4a: 'audio',
  aac: 'audio',
  oga: 'audio',
  ogg: 'audio',
  opus: 'audio',
  wav: 'audio',
  flac: 'audio',
  pdf: 'pdf',
};

/** The kind an address names by its extension, or null when it names none the player knows. */
export const mediaKindOfAddress = (url: string): MediaKind | null => {
  const path = url.split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? null : (byExtension[name.slice(dot + 1).toLowerCase()] ?? null);
};

/** The kind a browser's file type names. */
export const mediaKindOfType = (type: string): MediaKind | null => {
  if (type === 'application/pdf') return 'pdf';
  const [family] = type.split('/');
  return family === 'image' || family === 'video' || family === 'audio' ? family : null;
};
