import { describe, expect, it } from 'vitest';
import { isSafeKey, referencedFileKeys, rewriteFileUrls } from './media-files';
import { content, deepFreeze } from './test/fixtures';

const xray = '0123456789abcdef01234567/x-ray.png';
const ecg = 'abcdef0123456789abcdef01/ecg.pdf';
const clip = 'fedcba9876543210fedcba98/clip.mp4';

const scenario = () =>
  deepFreeze(
    content({
      descriptionImages: [{ id: 'm1', url: `/files/${xray}` }],
      stages: [{ id: 'stg1', name: 'A', descriptionFiles: [{ id: 'm1', url: `/files/${ecg}`, description: 'ECG' }] }],
      actions: [
        {
          id: 'act1',
          name: 'X-ray',
          factImages: [
            { id: 'm1', url: `/files/${xray}` },
            { id: 'm2', url: 'https://cdn.example.org/other.png' },
          ],
        },
      ],
      infos: [{ id: 'info1', name: 'Letter', factVideos: [{ id: 'm1', url: `/files/${clip}` }] }],
      baseline: [{ id: 'baseline1', name: 'Obs', factFiles: [{ id: 'm1', url: '/files/../secrets/key.png' }] }],
    }),
  );

describe('uploaded files of a scenario', () => {
  it('lists each key under the artifacts address once, in the order it appears', () => {
    expect(referencedFileKeys(scenario(), '/files')).toEqual([xray, ecg, clip]);
  });

  it('leaves out other addresses, other prefixes and keys that are not safe', () => {
    expect(referencedFileKeys(scenario(), 'https://cdn.example.org')).toEqual([]);
    expect(referencedFileKeys(scenario(), '/artifacts')).toEqual([]);
    expect(isSafeKey('../secrets/key.png')).toBe(false);
    expect(isSafeKey(xray)).toBe(true);
  });

  it('reads an absolute artifacts address, with or without its last slash', () => {
    const absolute = content({
      actions: [{ id: 'act1', name: 'X', factImages: [{ id: 'm1', url: `https://cdn.example.org/r/${xray}` }] }],
    });
    expect(referencedFileKeys(absolute, 'https://cdn.example.org/r/')).toEqual([xray]);
    expect(referencedFileKeys(absolute, 'https://cdn.example.org/r')).toEqual([xray]);
  });

  it('points every medium of a key at its new address and leaves the rest, and the content given, alone', () => {
    const before = scenario();
    const after = rewriteFileUrls(
      before,
      '/files',
      new Map([
        [xray, 'https://two.example/files/new1/x-ray.png'],
        [ecg, '/files/new2/ecg.pdf'],
      ]),
    );
    expect(after.descriptionImages[0]?.url).toBe('https://two.example/files/new1/x-ray.png');
    expect(after.stages[0]?.descriptionFiles[0]).toEqual({ id: 'm1', url: '/files/new2/ecg.pdf', description: 'ECG' });
    expect(after.actions[0]?.factImages.map((item) => item.url)).toEqual([
      'https://two.example/files/new1/x-ray.png',
      'https://cdn.example.org/other.png',
    ]);
    expect(after.infos[0]?.factVideos[0]?.url).toBe(`/files/${clip}`);
    expect(after.baseline[0]?.factFiles[0]?.url).toBe('/files/../secrets/key.png');
    expect(before.descriptionImages[0]?.url).toBe(`/files/${xray}`);
    expect({ ...after, descriptionImages: before.descriptionImages, stages: before.stages, actions: before.actions }).toEqual(before);
  });
});
