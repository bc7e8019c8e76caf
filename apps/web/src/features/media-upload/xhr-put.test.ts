import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefusedError } from './chunked-upload';
import { xhrPut } from './xhr-put';

/** An XMLHttpRequest whose answer the test gives. */
class FakeXhr {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  status = 0;
  statusText = '';
  headers: Record<string, string> = {};
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getResponseHeader(name: string) {
    return this.headers[name.toLowerCase()] ?? null;
  }
  setRequestHeader() {
    throw new Error('a presigned URL takes no headers of ours');
  }
  send() {
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  answer(status: number, headers: Record<string, string> = {}, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.headers = headers;
    this.events.dispatchEvent(new Event('load'));
  }
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}

const last = (): FakeXhr => {
  if (!FakeXhr.last) throw new Error('nothing was sent');
  return FakeXhr.last;
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('a part PUT to its presigned URL', () => {
  it('tells the bytes sent and answers the ETag the store gave', async () => {
    const sent: number[] = [];
    const putting = xhrPut('/files/k1/a.webm?partNumber=1', new Blob(['abcd']), (bytes) => sent.push(bytes), new AbortController().signal);
    const progress = Object.assign(new Event('progress'), { loaded: 2 });
    last().upload.dispatchEvent(progress);
    last().answer(200, { etag: '"9b2cf535f27731c974343645a3985328"' });
    await expect(putting).resolves.toBe('"9b2cf535f27731c974343645a3985328"');
    expect(last().method).toBe('PUT');
    expect(sent).toEqual([2]);
  });

  it('is refused for good when the store refuses the part or gives no ETag, and may pass when the store is in trouble', async () => {
    const put = () => xhrPut('/p', new Blob(['a']), () => undefined, new AbortController().signal);
    const expired = put();
    last().answer(403, {}, 'Forbidden');
    await expect(expired).rejects.toEqual(new RefusedError('The store answered 403 Forbidden'));
    const noEtag = put();
    last().answer(200);
    await expect(noEtag).rejects.toBeInstanceOf(RefusedError);
    const busy = put();
    last().answer(503, {}, 'Slow Down');
    const error = await busy.catch((reason: unknown) => reason);
    expect(error).not.toBeInstanceOf(RefusedError);
    expect((error as Error).message).toBe('The store answered 503 Slow Down');
    const lost = put();
    last().fail();
    await expect(lost).rejects.toThrow('The connection to the store was lost');
  });

  it('stops sending when aborted', async () => {
    const controller = new AbortController();
    const putting = xhrPut('/p', new Blob(['a']), () => undefined, controller.signal);
    controller.abort();
    await expect(putting).rejects.toMatchObject({ name: 'AbortError' });
    expect(last().aborted).toBe(true);
  });
});
