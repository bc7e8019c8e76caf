import { describe, expect, it } from 'vitest';
import { checkContent, checkProp } from './content-type';

const mp4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(64)]);
const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n');
const mp3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(400),
]);

describe('what a file holds', () => {
  it('takes content of the family its type names, whatever a browser calls it', async () => {
    await expect(checkContent(mp4, 'video/mp4')).resolves.toBeUndefined();
    // Browsers name .m4a files audio/x-m4a or audio/mp4: the same container.
    await expect(checkContent(mp4, 'audio/x-m4a')).resolves.toBeUndefined();
    await expect(checkContent(pdf, 'application/pdf')).resolves.toBeUndefined();
    await expect(checkContent(mp3, 'audio/mpeg')).resolves.toBeUndefined();
  });

  it('refuses content of another type, or of none that can be shown', async () => {
    await expect(checkContent(pdf, 'video/mp4')).rejects.toMatchObject({
      status: 415,
      message: "The file's content is application/pdf, not video/mp4 as its type says",
    });
    await expect(checkContent(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).rejects.toMatchObject({
      status: 415,
    });
    await expect(checkContent(Buffer.from('PK\u0003\u0004'), 'application/pdf')).rejects.toMatchObject({ status: 415 });
  });

  it("names an unknown property 'Prop type not recognised' (SPEC 8) and a wrong kind by property", () => {
    expect(() => checkProp('heroImages', 'image/png')).toThrow('Prop type not recognised');
    expect(() => checkProp('toString', 'image/png')).toThrow('Prop type not recognised');
    expect(() => checkProp('descriptionVideos', 'application/pdf')).toThrow(
      'descriptionVideos takes videos, audios; this is application/pdf',
    );
    expect(() => checkProp('factFiles', 'application/pdf')).not.toThrow();
    expect(() => checkProp(undefined, 'application/pdf')).not.toThrow();
  });
});
