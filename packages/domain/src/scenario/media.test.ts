import { describe, expect, it } from 'vitest';
import { mediaProblems, mediaUrlProblem } from './media';
import { content } from './test/fixtures';

describe('media addresses', () => {
  it('accepts web addresses and paths of the product', () => {
    for (const url of ['https://cdn.example.org/x-ray.png', 'http://intranet/ecg.pdf', '/artifacts/abc/echo.mp4']) {
      expect(mediaUrlProblem(url), url).toBeUndefined();
    }
  });

  it('refuses scripts, data, protocol-relative and empty addresses', () => {
    expect(mediaUrlProblem('javascript:alert(1)')).toBe('Use an address starting with https://, http:// or /');
    expect(mediaUrlProblem('data:text/html,<script>')).toBeDefined();
    expect(mediaUrlProblem('//evil.example/x.png')).toBeDefined();
    expect(mediaUrlProblem('  ')).toBe('Give the address of the file');
  });

  it('names each bad address where it is in the scenario', () => {
    const scenario = content({
      descriptionImages: [{ id: 'm1', url: 'javascript:x', description: '' }],
      stages: [
        {
          id: 'stg1',
          name: 'A',
          descriptionFiles: [
            { id: 'm1', url: '/ok.pdf' },
            { id: 'm2', url: 'ftp://x' },
          ],
        },
      ],
      actions: [{ id: 'act1', name: 'X-ray', factImages: [{ id: 'm1', url: '' }] }],
      infos: [{ id: 'info1', name: 'Letter', factFiles: [{ id: 'm1', url: 'file:///c/letter.pdf' }] }],
      baseline: [{ id: 'baseline1', name: 'Obs', factVideos: [{ id: 'm1', url: 'https://ok.example/v.mp4' }] }],
    });
    expect(mediaProblems(scenario)).toEqual([
      'descriptionImages[0].url: Use an address starting with https://, http:// or /',
      'stages[0].descriptionFiles[1].url: Use an address starting with https://, http:// or /',
      'actions[0].factImages[0].url: Give the address of the file',
      'infos[0].factFiles[0].url: Use an address starting with https://, http:// or /',
    ]);
  });
});
