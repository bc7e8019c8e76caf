import { z } from 'zod';
import { ConfigError } from '../config/config';

const endpoint = z.url({ protocol: /^https?$/ });

const discoveryDocument = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: endpoint,
  token_endpoint: endpoint,
  jwks_uri: endpoint,
  userinfo_endpoint: endpoint.optional(),
  end_session_endpoint: endpoint.optional(),
  revocation_endpoint: endpoint.optional(),
});

/** What the product uses of an external issuer's discovery document. */
export type IssuerMetadata = z.infer<typeof discoveryDocument>;

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/**
 * Reads the external issuer's discovery document once, at start: the browser's Content Security
 * Policy and the sign-out address are built from it, so a server that cannot read it refuses to
 * start, saying why, rather than serving a console whose sign-in fails.
 */
export const fetchDiscovery = async (issuer: string, fetchImpl: typeof fetch = fetch): Promise<IssuerMetadata> => {
  const address = `${issuer}/.well-known/openid-configuration`;
  const fail = (reason: string) => new ConfigError([`OIDC_ISSUER_URL: the discovery document ${address} ${reason}`]);
  let body: unknown;
  try {
    const response = await fetchImpl(address, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
    if (!response.ok) throw fail(`answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw fail(`could not be read (${error instanceof Error ? error.message : String(error)}${cause})`);
  }
  const parsed = discoveryDocument.safeParse(body);
  if (!parsed.success) {
    throw fail(`is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'document'} ${issue.message}`).join('; ')}`);
  }
  if (withoutTrailingSlash(parsed.data.issuer) !== issuer) {
    throw fail(`names another issuer, ${parsed.data.issuer}: set OIDC_ISSUER_URL to it`);
  }
  return parsed.data;
};

/**
 * Where sign-out sends the browser so the issuer ends its own session, and the next sign-in asks
 * again. An issuer without end_session_endpoint is taken to be Cognito, whose hosted UI signs out
 * at /logout on the domain of its authorization endpoint and sends the browser to logout_uri.
 */
export const signOutUrl = (metadata: IssuerMetadata, clientId: string, publicUrl: string): string => {
  if (metadata.end_session_endpoint) return metadata.end_session_endpoint;
  const logout = new URL('/logout', metadata.authorization_endpoint);
  logout.searchParams.set('client_id', clientId);
  logout.searchParams.set('logout_uri', `${publicUrl}/`);
  return logout.href;
};

/**
 * What the console fetches from the issuer: the discovery document (on the issuer's origin), and
 * the token, userinfo, JWKS, revocation and sign-out endpoints, wherever they live (Cognito's
 * token endpoint is on its hosted-UI domain, not the issuer's). Sources are exact addresses,
 * without query, as CSP matches them.
 */
export const issuerConnectSources = (issuer: string, metadata: IssuerMetadata, signOut: string): string[] => {
  const exact = (address: string) => {
    const url = new URL(address);
    // A path CSP could not carry is widened to its origin.
    return /[;,\s]/.test(url.pathname) ? url.origin : `${url.origin}${url.pathname}`;
  };
  const endpoints = [metadata.token_endpoint, metadata.userinfo_endpoint, metadata.jwks_uri, metadata.revocation_endpoint, signOut];
  return [...new Set([new URL(issuer).origin, ...endpoints.filter((address) => address !== undefined).map(exact)])];
};
