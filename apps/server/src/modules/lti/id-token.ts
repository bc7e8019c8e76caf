import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { LtiPlatformRow } from '../../db/schema';
import { readJson } from '../../lib/json';
import { scoreScope } from './platform-token';

/** A launch refused: the page says why, with the status. Nothing is stored for it. */
export class LaunchRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'LaunchRefused';
  }
}

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
export const claim = {
  messageType: `${lti}message_type`,
  version: `${lti}version`,
  deploymentId: `${lti}deployment_id`,
  targetLinkUri: `${lti}target_link_uri`,
  roles: `${lti}roles`,
  context: `${lti}context`,
  resourceLink: `${lti}resource_link`,
  custom: `${lti}custom`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinking: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
} as const;

export const messageTypes = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;

/** What a verified launch says, read from its claims. */
export type Launch = {
  readonly messageType: (typeof messageTypes)[number];
  readonly deploymentId: string;
  /** the platform's id of the person launching */
  readonly userId: string;
  readonly name: string;
  readonly email: string | null;
  readonly role: 'instructor' | 'learner' | 'other';
  readonly context: { readonly id: string; readonly title: string } | null;
  readonly custom: Readonly<Record<string, string>>;
  readonly targetLinkUri: string | null;
  /** the gradebook column a run's score goes to, when the platform lets this tool post scores */
  readonly lineitem: string | null;
  readonly membershipsUrl: string | null;
  readonly deepLinking: { readonly returnUrl: string; readonly data: string | null } | null;
};

/** LIS roles (LTI 1.3, A.2): context roles, and institution or system roles given in full. */
const instructorRoles = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator',
];
const learnerRoles = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Member',
];

export const roleOf = (roles: readonly string[]): Launch['role'] =>
  roles.some((role) => instructorRoles.includes(role) || role === 'Instructor')
    ? 'instructor'
    : roles.some((role) => learnerRoles.includes(role) || role === 'Learner')
      ? 'learner'
      : 'other';

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** A platform's keys, fetched once and again whenever a token names a key id not among them. */
const keysOf = (jwksUrl: string) => {
  let keys = keySets.get(jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    keySets.set(jwksUrl, keys);
  }
  return keys;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Why jose refused a token, in words for the person launching and the admin they ask. */
const refusalOf = (error: unknown): LaunchRefused => {
  if (error instanceof errors.JWTExpired)
    return new LaunchRefused(401, 'The launch has expired: launch the activity again from the course');
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new LaunchRefused(401, "The launch's signature does not match the platform's keys");
  if (error instanceof errors.JWKSNoMatchingKey)
    return new LaunchRefused(401, 'The launch is signed with a key the platform does not publish at the key set address registered here');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const which = error.claim === 'iss' ? 'issuer' : error.claim === 'aud' ? 'client id (audience)' : `"${error.claim}" claim`;
    return new LaunchRefused(401, `The launch's ${which} is not the one registered for this platform (${error.reason})`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return new LaunchRefused(401, 'The launch is signed with an algorithm this tool does not accept');
  // No answer, or no key set, at the platform's key set address (jose's generic error is its fetch's).
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    !(error instanceof errors.JOSEError) ||
    error.code === 'ERR_JOSE_GENERIC'
  )
    return new LaunchRefused(401, "The platform's keys could not be fetched from the key set address registered here");
  return new LaunchRefused(400, `The launch's id_token is not a valid signed token (${(error as Error).message})`);
};

/**
 * Verifies a launch's id_token (LTI 1.3 core, 5.1.3 and Security Framework 5.1.3): signed by a
 * key of the platform's, issued by it to this tool's client id (with azp when several audiences),
 * not expired, carrying the nonce sent with the login, a deployment registered here, a known
 * message type and version 1.3.0. Answers what the launch says; throws LaunchRefused otherwise.
 */
export const verifyIdToken = async (
  platform: LtiPlatformRow,
  idToken: string,
  expected: { readonly nonce: string; readonly now: Date },
): Promise<Launch> => {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keysOf(platform.jwks_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
      currentDate: expected.now,
      clockTolerance: 30,
      requiredClaims: ['exp', 'iat', 'nonce'],
    }));
  } catch (error) {
    throw refusalOf(error);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== platform.client_id)
    throw new LaunchRefused(401, "The launch's authorized party (azp) is not this tool's client id");
  if (payload.nonce !== expected.nonce)
    throw new LaunchRefused(401, 'The launch was used already (its nonce is not the one this login sent)');
  const deploymentId = text(payload[claim.deploymentId]);
  const deployments = readJson<string[]>(platform.deployment_ids, []);
  if (!deploymentId || !deployments.includes(deploymentId))
    throw new LaunchRefused(403, `The launch comes from deployment "${deploymentId ?? ''}", which is not registered for ${platform.name}`);
  const messageType = payload[claim.messageType];
  if (!messageTypes.includes(messageType as Launch['messageType']))
    throw new LaunchRefused(400, `This tool takes resource link and deep linking launches, not "${String(messageType)}"`);
  if (payload[claim.version] !== '1.3.0')
    throw new LaunchRefused(400, `This tool speaks LTI 1.3.0, not "${String(payload[claim.version])}"`);
  const userId = text(payload.sub);
  if (!userId) throw new LaunchRefused(400, 'The launch names nobody (no "sub" claim): anonymous launches are not taken');
  const roles = Array.isArray(payload[claim.roles])
    ? (payload[claim.roles] as unknown[]).filter((r): r is string => typeof r === 'string')
    : [];
  const context = record(payload[claim.context]);
  const ags = record(payload[claim.ags]);
  const agsScopes = Array.isArray(ags.scope) ? ags.scope : [];
  const deepLinking = record(payload[claim.deepLinking]);
  const returnUrl = text(deepLinking.deep_link_return_url);
  if (returnUrl && Array.isArray(deepLinking.accept_types) && !deepLinking.accept_types.includes('ltiResourceLink'))
    throw new LaunchRefused(400, 'The platform asks for content this tool does not make: it makes LTI resource links (ltiResourceLink)');
  const custom = Object.fromEntries(
    Object.entries(record(payload[claim.custom])).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
  );
  return {
    messageType: messageType as Launch['messageType'],
    deploymentId,
    userId,
    name: text(payload.name) ?? [text(payload.given_name), text(payload.family_name)].filter(Boolean).join(' '),
    email: text(payload.email)?.toLowerCase() ?? null,
    role: roleOf(roles),
    context: text(context.id) ? { id: text(context.id)!, title: text(context.title) ?? text(context.label) ?? text(context.id)! } : null,
    custom,
    targetLinkUri: text(payload[claim.targetLinkUri]),
    lineitem: agsScopes.includes(scoreScope) ? text(ags.lineitem) : null,
    membershipsUrl: text(record(payload[claim.nrps]).context_memberships_url),
    deepLinking: returnUrl ? { returnUrl, data: text(deepLinking.data) } : null,
  };
};
