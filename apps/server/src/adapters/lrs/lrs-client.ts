import type XAPI from '@xapi/xapi';

/** The HTTP adapter @xapi/xapi takes in place of its own (a function, not the name of one of its own). */
type AdapterFunction = Extract<NonNullable<ConstructorParameters<typeof XAPI>[0]['adapter']>, (...args: never[]) => unknown>;

/** Where a space's statements go: the LRS's xAPI endpoint and the key and secret it issued (HTTP Basic). */
export type LrsSettings = { readonly endpoint: string; readonly key: string; readonly secret: string };

/** An LRS's answer other than success, or no answer at all (`status` 0), in words a space's member reads. */
export class LrsAnswer extends Error {
  override readonly name = 'LrsAnswer';
  constructor(
    readonly status: number,
    message: string,
    /** how long the LRS asked us to wait (429, 503 with Retry-After) */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

const timeoutMs = 15_000;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
const retryAfterOf = (header: string | null, now: number): number | null => {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

const meaning = (status: number): string => {
  if (status === 401 || status === 403) return 'it refused the key and secret';
  if (status === 404)
    return 'nothing answers at that address: check that the endpoint ends with the xAPI path (often /xapi/ or /data/xAPI/)';
  if (status === 409) return 'it already holds a statement with this id';
  if (status === 413) return 'the batch is too large for it';
  if (status === 429) return 'it asked us to slow down';
  if (status >= 500) return 'it failed on its side';
  return 'it refused the request';
};

/**
 * The HTTP adapter given to @xapi/xapi: fetch with a time limit, and an answer other than 2xx
 * thrown as an LrsAnswer with its status and Retry-After (the library's own adapters keep neither).
 */
const adapter: AdapterFunction = async ({ url, method, data, headers }) => {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: data === undefined ? undefined : typeof data === 'string' ? data : JSON.stringify(data),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : 'it could not be reached';
    throw new LrsAnswer(0, `The LRS at ${new URL(url).origin} did not answer: ${reason}`);
  }
  const text = await response.text();
  if (!response.ok) {
    const detail = text.replace(/\s+/g, ' ').trim().slice(0, 300);
    throw new LrsAnswer(
      response.status,
      `The LRS answered ${response.status}: ${meaning(response.status)}${detail ? ` (${detail})` : ''}`,
      retryAfterOf(response.headers.get('retry-after'), Date.now()),
    );
  }
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { data: body as never, headers: Object.fromEntries(response.headers.entries()), status: response.status };
};

export type LrsClient = {
  /** Stores the statements (each with its id); resolves once the LRS has them. */
  readonly send: (statements: readonly object[]) => Promise<void>;
  /** The LRS's /about: the xAPI versions it speaks, once it has accepted the key and secret. */
  readonly check: () => Promise<string[]>;
};

/** A client of one LRS, through @xapi/xapi (loaded on first use: most installations send no statements). */
export const lrsClient = (settings: LrsSettings): LrsClient => {
  const xapi = import('@xapi/xapi').then(({ default: XAPI }) => {
    const endpoint = settings.endpoint.endsWith('/') ? settings.endpoint : `${settings.endpoint}/`;
    return new XAPI({ endpoint, auth: XAPI.toBasicAuth(settings.key, settings.secret), adapter, version: '1.0.3' });
  });
  return {
    send: async (statements) => {
      await (await xapi).sendStatements({ statements: statements as never });
    },
    check: async () => {
      const about = await (await xapi).getAbout();
      // /about needs no credentials: a statements query with a limit of one proves they are accepted.
      await (await xapi).getStatements({ limit: 1 });
      return about.data.version;
    },
  };
};
