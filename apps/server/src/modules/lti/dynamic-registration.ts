import type { Database } from '../../db/database';
import type { LtiPlatformRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { LaunchRefused } from './id-token';
import { toolUrls } from './launch';
import * as repo from './lti.repository';
import { answerOf, PlatformAnswer, platformFetch, rosterScope, scoreScope } from './platform-token';
import { spaceOfRegistrationKey, type ToolKeys } from './tool-keys';

/** What a platform's OpenID configuration says of it (LTI Dynamic Registration 1.0, 3.4). */
type PlatformConfiguration = {
  readonly issuer?: unknown;
  readonly authorization_endpoint?: unknown;
  readonly token_endpoint?: unknown;
  readonly jwks_uri?: unknown;
  readonly registration_endpoint?: unknown;
  readonly 'https://purl.imsglobal.org/spec/lti-platform-configuration'?: { readonly product_family_code?: unknown };
};

const httpUrl = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new LaunchRefused(400, `The platform's configuration gives no valid ${what}`);
  return value;
};

const asRefusal = (error: unknown): never => {
  if (error instanceof PlatformAnswer) throw new LaunchRefused(400, error.message);
  throw error;
};

/**
 * Registers the platform that opened a space's registration address (LTI Dynamic Registration
 * 1.0): reads its OpenID configuration, whose issuer must prefix the configuration's address,
 * sends it this tool's configuration with the registration token it gave, and keeps the client
 * id (and deployment) it answers as a platform of the space. Registering again updates it.
 */
export const registerPlatform = async (
  ctx: { readonly db: Database; readonly clock: Clock; readonly publicUrl: string; readonly productName: string; readonly keys: ToolKeys },
  request: { readonly key: string; readonly openidConfiguration: string | undefined; readonly registrationToken: string | undefined },
): Promise<{ platform: LtiPlatformRow; spaceName: string }> => {
  const spaceId = spaceOfRegistrationKey(ctx.keys, request.key);
  const space = spaceId ? await ctx.db.selectFrom('spaces').select('description').where('id', '=', spaceId).executeTakeFirst() : undefined;
  if (!spaceId || !space)
    throw new LaunchRefused(403, "This registration address is not one of this server's: copy it again from the space's settings");
  const configurationUrl = httpUrl(request.openidConfiguration, 'address (openid_configuration)');

  const what = "Reading the platform's configuration";
  const answer = await platformFetch(configurationUrl, { headers: { accept: 'application/json' } }, what).catch(asRefusal);
  if (!answer.ok) asRefusal(await answerOf(answer, what));
  const configuration = (await answer.json().catch(() => ({}))) as PlatformConfiguration;
  const issuer = httpUrl(configuration.issuer, 'issuer');
  if (!configurationUrl.startsWith(issuer))
    throw new LaunchRefused(
      400,
      `The platform's configuration names the issuer ${issuer}, which is not where the configuration was read from`,
    );
  const urls = toolUrls(ctx.publicUrl);
  const registrationEndpoint = httpUrl(configuration.registration_endpoint, 'registration address (registration_endpoint)');
  const registering = 'Registering the tool with the platform';
  const registered = await platformFetch(
    registrationEndpoint,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(request.registrationToken ? { authorization: `Bearer ${request.registrationToken}` } : {}),
      },
      body: JSON.stringify({
        application_type: 'web',
        response_types: ['id_token'],
        grant_types: ['implicit', 'client_credentials'],
        initiate_login_uri: urls.loginUrl,
        redirect_uris: [urls.launchUrl],
        client_name: ctx.productName,
        jwks_uri: urls.jwksUrl,
        token_endpoint_auth_method: 'private_key_jwt',
        scope: [scoreScope, rosterScope].join(' '),
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          domain: new URL(ctx.publicUrl).host,
          target_link_uri: urls.launchUrl,
          claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
          messages: [
            { type: 'LtiResourceLinkRequest', target_link_uri: urls.launchUrl },
            { type: 'LtiDeepLinkingRequest', target_link_uri: urls.launchUrl, label: ctx.productName },
          ],
        },
      }),
    },
    registering,
  ).catch(asRefusal);
  if (!registered.ok) asRefusal(await answerOf(registered, registering));
  const client = (await registered.json().catch(() => ({}))) as {
    client_id?: unknown;
    'https://purl.imsglobal.org/spec/lti-tool-configuration'?: { deployment_id?: unknown };
  };
  if (typeof client.client_id !== 'string' || client.client_id === '')
    throw new LaunchRefused(400, "The platform's answer to the registration gave no client id");
  const deploymentId = client['https://purl.imsglobal.org/spec/lti-tool-configuration']?.deployment_id;
  const family = configuration['https://purl.imsglobal.org/spec/lti-platform-configuration']?.product_family_code;
  const now = ctx.clock.now().toISOString();
  const fields = {
    name: `${typeof family === 'string' && family !== '' ? family.charAt(0).toUpperCase() + family.slice(1) : 'Platform'} at ${new URL(issuer).host}`,
    issuer,
    client_id: client.client_id,
    deployment_ids: JSON.stringify(typeof deploymentId === 'string' && deploymentId !== '' ? [deploymentId] : []),
    auth_login_url: httpUrl(configuration.authorization_endpoint, 'authorization address (authorization_endpoint)'),
    token_url: httpUrl(configuration.token_endpoint, 'token address (token_endpoint)'),
    jwks_url: httpUrl(configuration.jwks_uri, 'key set address (jwks_uri)'),
    registered_by: 'dynamic',
    updated_at: now,
  };
  const existing = await repo.findPlatformByClient(ctx.db, issuer, client.client_id);
  if (existing && existing.space_id !== spaceId)
    throw new LaunchRefused(403, `${issuer} with client id ${client.client_id} is registered in another space already`);
  if (existing) {
    await repo.updatePlatform(ctx.db, existing.id, fields);
    return { platform: { ...existing, ...fields }, spaceName: space.description };
  }
  const platform: LtiPlatformRow = { id: newId(), space_id: spaceId, ...fields, created_at: now };
  await repo.insertPlatform(ctx.db, platform);
  return { platform, spaceName: space.description };
};
