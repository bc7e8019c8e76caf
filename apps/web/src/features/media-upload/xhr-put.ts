import { RefusedError } from './chunked-upload';

/**
 * PUTs one chunk to its presigned URL with XMLHttpRequest, the one browser request that tells
 * the bytes sent (fetch does not). The URL carries its own signature, so no token is sent; the
 * store answers the part's ETag in a header.
 */
export const xhrPut = (url: string, chunk: Blob, onProgress: (sent: number) => void, signal: AbortSignal): Promise<string> =>
  new Promise<string>((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        const message = `The store answered ${xhr.status} ${xhr.statusText}`.trim();
        // A part refused for what it is will be refused again; the store's own trouble may pass.
        reject(
          xhr.status >= 400 && xhr.status < 500 && xhr.status !== 408 && xhr.status !== 429
            ? new RefusedError(message)
            : new Error(message),
        );
        return;
      }
      const etag = xhr.getResponseHeader('ETag');
      if (!etag) reject(new RefusedError('The store did not answer the part’s ETag'));
      else resolve(etag);
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new Error('The connection to the store was lost'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('Aborted', 'AbortError'));
    });
    xhr.send(chunk);
  });
