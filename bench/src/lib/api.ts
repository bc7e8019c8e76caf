/** The product's API as a signed-in script reaches it. */
export type Api = { readonly base: string; readonly headers: Record<string, string> };

/** One JSON call; any answer other than a success stops the benchmark with the answer's start. */
export const call = async <T>(api: Api, method: string, route: string, body: unknown): Promise<T> => {
  const response = await fetch(`${api.base}${route}`, {
    method,
    headers: { ...api.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
};
