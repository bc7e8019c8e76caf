import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '@resim/domain';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { factMedia, MediaFields } from '../resim-editor/media-list-input';

type Lists = { factImages: MediaItem[]; factVideos: MediaItem[]; factFiles: MediaItem[] };

/** An XMLHttpRequest that sends nothing: the test says what the store answers. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  url = '';
  status = 0;
  statusText = '';
  body: Blob | null = null;
  private etag: string | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'etag' ? this.etag : null;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number) {
    const event = new Event('progress') as Event & { loaded: number };
    event.loaded = loaded;
    this.upload.dispatchEvent(event);
  }
  answer(etag: string) {
    this.status = 200;
    this.etag = etag;
    this.events.dispatchEvent(new Event('load'));
  }
}

const limits = { chunkSize: 4, maxBytes: 1_000, imageMaxBytes: 100, types: [] };

const fakeApi = () => {
  const calls: string[] = [];
  const uploads = {
    start: vi.fn(async ({ fileName }: { fileName: string }) => {
      calls.push('start');
      return { uploadId: 'u1', key: `k1/${fileName}` };
    }),
    part: vi.fn(async ({ part }: { part: number }) => {
      calls.push(`part ${part}`);
      return { presignedUrl: `/store/k1?part=${part}` };
    }),
    complete: vi.fn(async ({ key, parts }: { key: string; parts: { PartNumber: number; ETag: string }[] }) => {
      calls.push(`complete ${parts.map((part) => `${part.PartNumber}:${part.ETag}`).join(',')}`);
      return { key, url: `/files/${key}`, fileType: 'video/webm', size: 10 };
    }),
    abort: vi.fn(async () => {
      calls.push('abort');
      return { ok: true };
    }),
    image: vi.fn(async () => {
      calls.push('image');
      return { key: 'k2/x-ray.png', url: '/files/k2/x-ray.png', fileType: 'image/png', size: 8 };
    }),
  };
  const api = { config: async () => ({ uploads: limits }), uploads } as unknown as ApiClient;
  return { api, calls, uploads };
};

const Harness = ({ initial }: { initial: Lists }) => {
  const [item, setItem] = useState(initial);
  return (
    <MediaFields
      owner="act1"
      item={item}
      keys={factMedia}
      label="Result"
      readOnly={false}
      onChange={(key, change) => setItem((current) => ({ ...current, [key]: change(current[key]) }))}
    />
  );
};

const empty: Lists = { factImages: [], factVideos: [], factFiles: [] };

/** Two tests whose results have media, one shown at a time in the same place, as the editor's panels do. */
const TwoItems = ({ initial }: { initial: Record<'act1' | 'act2', Lists> }) => {
  const [items, setItems] = useState(initial);
  const [selected, select] = useState<'act1' | 'act2'>('act1');
  return (
    <>
      <button type="button" onClick={() => select('act1')}>
        Hip X-ray
      </button>
      <button type="button" onClick={() => select('act2')}>
        Blood film
      </button>
      <MediaFields
        owner={selected}
        item={items[selected]}
        keys={factMedia}
        label="Result"
        readOnly={false}
        onChange={(key, change) =>
          setItems((current) => ({ ...current, [selected]: { ...current[selected], [key]: change(current[selected][key]) } }))
        }
      />
    </>
  );
};

const fileInput = (button: string): HTMLInputElement => {
  const input = screen.getByRole('button', { name: button }).parentElement?.querySelector('input[type=file]');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no file input beside ${button}`);
  return input;
};

const choose = (button: string, file: File) => fireEvent.change(fileInput(button), { target: { files: [file] } });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe('uploading a medium in the editor', () => {
  it('sends a small image whole, fills its address and asks for a description rather than taking the file name', async () => {
    const { api, calls } = fakeApi();
    renderWithProviders(<Harness initial={{ ...empty, factImages: [{ id: 'image1', url: '', description: '' }] }} />, { api });
    await waitFor(() => expect(fileInput('Upload image').accept).toContain('image/png'));

    choose('Upload image', new File([new Uint8Array(8)], 'x-ray.png', { type: 'image/png' }));

    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Image address' }).value).toBe('/files/k2/x-ray.png'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Description' }).value).toBe('');
    expect(screen.getByText('Describe the image for learners who cannot see it')).toBeTruthy();
    expect(calls).toEqual(['image']);
    expect(screen.getByText('Uploaded')).toBeTruthy();
  });

  it('sends a video in parts with its progress, pauses, resumes the part not sent, and completes with every ETag', async () => {
    const { api, calls } = fakeApi();
    renderWithProviders(<Harness initial={{ ...empty, factVideos: [{ id: 'video1', url: '', description: 'Gait' }] }} />, { api });
    await waitFor(() => expect(fileInput('Upload video').accept).toContain('video/webm'));

    choose('Upload video', new File([new Uint8Array(10)], 'gait.webm', { type: 'video/webm' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]?.progress(2));
    const bar = screen.getByRole('progressbar', { name: 'Upload of gait.webm' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    act(() => FakeXhr.sent[0]?.answer('"e1"'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Pause the upload of gait.webm' }));
    await screen.findByText('Paused');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    fireEvent.click(screen.getByRole('button', { name: 'Resume the upload of gait.webm' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect(FakeXhr.sent[2]?.url).toBe('/store/k1?part=2');
    act(() => FakeXhr.sent[2]?.answer('"e2"'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(4));
    act(() => FakeXhr.sent[3]?.answer('"e3"'));

    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Video address' }).value).toBe('/files/k1/gait.webm'));
    expect(calls).toEqual(['start', 'part 1', 'part 2', 'part 2', 'part 3', 'complete 1:"e1",2:"e2",3:"e3"']);
    // The author's own description stays.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Description' }).value).toBe('Gait');
  });

  it('cancelling aborts the upload on the server and leaves the address as it was', async () => {
    const { api, calls } = fakeApi();
    renderWithProviders(<Harness initial={{ ...empty, factVideos: [{ id: 'video1', url: '', description: '' }] }} />, { api });
    await waitFor(() => expect(fileInput('Upload video').accept).toContain('video/webm'));
    choose('Upload video', new File([new Uint8Array(10)], 'gait.webm', { type: 'video/webm' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of gait.webm' }));
    await waitFor(() => expect(calls).toContain('abort'));
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(calls).not.toContain('complete');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Video address' }).value).toBe('');
  });

  it('adds a medium of the right kind for each file dropped on the group, and sends each', async () => {
    const { api, calls } = fakeApi();
    renderWithProviders(<Harness initial={empty} />, { api });
    const group = await screen.findByRole('group', { name: 'Result media' });
    const image = new File([new Uint8Array(8)], 'x-ray.png', { type: 'image/png' });
    const pdf = new File([new Uint8Array(3)], 'letter.pdf', { type: 'application/pdf' });

    fireEvent.drop(group, { dataTransfer: { types: ['Files'], files: [image, pdf] } });

    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Image address' }).value).toBe('/files/k2/x-ray.png'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]?.answer('"e1"'));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'File address' }).value).toBe('/files/k1/letter.pdf'));
    expect(calls).toEqual(expect.arrayContaining(['image', 'start', 'part 1', 'complete 1:"e1"']));
  });

  it('refuses a file the list does not take, dropped or chosen, before sending anything', async () => {
    const { api, calls } = fakeApi();
    renderWithProviders(<Harness initial={{ ...empty, factImages: [{ id: 'image1', url: '', description: '' }] }} />, { api });
    await waitFor(() => expect(fileInput('Upload image').accept).toContain('image/png'));
    const pdf = new File([new Uint8Array(8)], 'letter.pdf', { type: 'application/pdf' });

    fireEvent.drop(screen.getByRole('textbox', { name: 'Image address' }), { dataTransfer: { types: ['Files'], files: [pdf] } });

    expect((await screen.findByRole('alert')).textContent).toBe('letter.pdf cannot go here: this list takes images');
    expect(calls).toEqual([]);
  });

  it("names a file the server refuses beside its own medium, and leaves the medium's address as it was", async () => {
    const { api, uploads } = fakeApi();
    uploads.image.mockRejectedValueOnce(new Error("The file's content is not an image, video, audio or PDF that can be shown"));
    renderWithProviders(
      <Harness
        initial={{
          ...empty,
          factImages: [
            { id: 'image1', url: '/files/k0/hip.png', description: 'Hip' },
            { id: 'image2', url: '', description: '' },
          ],
        }}
      />,
      { api },
    );
    await screen.findByRole('group', { name: 'Image 2' });

    fireEvent.drop(screen.getByRole('group', { name: 'Image 1' }), {
      dataTransfer: { types: ['Files'], files: [new File(['not a picture'], 'notes.png', { type: 'image/png' })] },
    });

    const alert = await within(screen.getByRole('group', { name: 'Image 1' })).findByRole('alert');
    expect(alert.textContent).toBe("notes.png was not uploaded: The file's content is not an image, video, audio or PDF that can be shown");
    expect(within(screen.getByRole('group', { name: 'Image 2' })).queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole<HTMLInputElement>('textbox', { name: 'Image address' })[0]?.value).toBe('/files/k0/hip.png');
    // The refused file's picture is not the medium's.
    expect(screen.getByRole('img', { name: 'Hip' }).getAttribute('src')).toBe('/files/k0/hip.png');
  });

  it("shows each item's media with their own uploads and refusals, never those of the item shown before", async () => {
    const { api } = fakeApi();
    renderWithProviders(
      <TwoItems
        initial={{
          act1: { ...empty, factImages: [{ id: 'image1', url: '', description: '' }] },
          act2: { ...empty, factImages: [{ id: 'image1', url: '/files/k0/film.png', description: 'Film' }] },
        }}
      />,
      { api },
    );
    await waitFor(() => expect(fileInput('Upload image').accept).toContain('image/png'));
    choose('Upload image', new File([new Uint8Array(8)], 'x-ray.png', { type: 'image/png' }));
    await screen.findByText('Uploaded');

    fireEvent.click(screen.getByRole('button', { name: 'Blood film' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Image address' }).value).toBe('/files/k0/film.png');
    expect(screen.queryByText('Uploaded')).toBeNull();
    expect(screen.queryByText('x-ray.png')).toBeNull();
    expect(screen.getByRole('img', { name: 'Film' }).getAttribute('src')).toBe('/files/k0/film.png');
    choose('Upload image', new File([new Uint8Array(8)], 'scan.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('scan.pdf cannot go here: this list takes images');

    fireEvent.click(screen.getByRole('button', { name: 'Hip X-ray' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Image address' }).value).toBe('/files/k2/x-ray.png');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("stops an upload still going when the author turns to another item, rather than filling that item's medium", async () => {
    const { api, calls } = fakeApi();
    renderWithProviders(
      <TwoItems
        initial={{
          act1: { ...empty, factVideos: [{ id: 'video1', url: '', description: 'Gait' }] },
          act2: { ...empty, factVideos: [{ id: 'video1', url: '/files/k0/walk.webm', description: 'Walk' }] },
        }}
      />,
      { api },
    );
    await waitFor(() => expect(fileInput('Upload video').accept).toContain('video/webm'));
    choose('Upload video', new File([new Uint8Array(4)], 'gait.webm', { type: 'video/webm' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Blood film' }));
    await waitFor(() => expect(calls).toContain('abort'));
    act(() => FakeXhr.sent[0]?.answer('"e1"'));

    expect(calls).not.toContain('complete 1:"e1"');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Video address' }).value).toBe('/files/k0/walk.webm');
    fireEvent.click(screen.getByRole('button', { name: 'Hip X-ray' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Video address' }).value).toBe('');
  });
});
