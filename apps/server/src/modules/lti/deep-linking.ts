import { pointsCeiling, type Scenario } from '@resim/domain';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/database';
import type { LtiPlatformRow } from '../../db/schema';
import { randomSecret } from '../../lib/ids';
import { claim, LaunchRefused, type Launch } from './id-token';
import { toolUrls } from './launch';
import * as repo from './lti.repository';
import type { ToolKeys } from './tool-keys';

const pickAudience = 'lti-deep-link-pick';

/** What the picker's form carries back: the request it answers, signed by the tool so that it cannot be changed on the way. */
type Pick = { readonly platformId: string; readonly deploymentId: string; readonly returnUrl: string; readonly data: string | null };

export const signPick = (keys: ToolKeys, publicUrl: string, platform: LtiPlatformRow, launch: Launch): Promise<string> =>
  new SignJWT({
    platformId: platform.id,
    deploymentId: launch.deploymentId,
    returnUrl: launch.deepLinking!.returnUrl,
    data: launch.deepLinking!.data,
  })
    .setProtectedHeader({ alg: 'RS256', kid: keys.signing.kid })
    .setIssuer(publicUrl)
    .setAudience(pickAudience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys.signing.key);

const readPick = async (keys: ToolKeys, publicUrl: string, token: string): Promise<Pick> => {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.jwks), { issuer: publicUrl, audience: pickAudience });
    return payload as unknown as Pick;
  } catch {
    throw new LaunchRefused(401, 'This choice has expired or was not made here: choose the scenario again from the course');
  }
};

/** The space's scenarios a teacher may choose from, by name. */
export const scenariosToPick = (db: Database, spaceId: string) =>
  db.selectFrom('resims').select(['id', 'name', 'description']).where('space_id', '=', spaceId).orderBy('name').execute();

/**
 * The most a run of the scenario scores in the gradebook (as grade-queue.ts sends it): its points
 * ceiling; 1 when it keeps no points but its answer key names diagnoses; null when neither.
 */
export const gradeMaximum = (scenario: Scenario): number | null => {
  const ceiling = pointsCeiling(scenario);
  if (ceiling !== null && ceiling > 0) return ceiling;
  return scenario.answers.conclusions.length > 0 ? 1 : null;
};

/**
 * The deep linking response (LTI Deep Linking 2.0, 4.2) for the scenario picked: one LTI resource
 * link that launches it, with a gradebook column out of its maximum, signed by the tool's key for
 * the platform that asked. Answers where to post it and the signed JWT.
 */
export const deepLinkResponse = async (
  ctx: {
    readonly db: Database;
    readonly publicUrl: string;
    readonly keys: ToolKeys;
    readonly scenarioOf: (id: string) => Promise<Scenario | undefined>;
  },
  form: { readonly pick: string; readonly resim: string },
): Promise<{ returnUrl: string; jwt: string; platform: LtiPlatformRow; scenario: Scenario }> => {
  const pick = await readPick(ctx.keys, ctx.publicUrl, form.pick);
  const platform = await repo.findPlatform(ctx.db, pick.platformId);
  if (!platform) throw new LaunchRefused(403, 'The platform that asked is no longer registered here');
  const scenario = await ctx.scenarioOf(form.resim);
  if (!scenario || scenario.group !== platform.space_id) throw new LaunchRefused(400, `No scenario ${form.resim} is in this space`);
  const maximum = gradeMaximum(scenario);
  const item = {
    type: 'ltiResourceLink',
    title: scenario.resimName,
    url: toolUrls(ctx.publicUrl).launchUrl,
    custom: { resim: scenario.id },
    ...(maximum === null ? {} : { lineItem: { scoreMaximum: maximum, label: scenario.resimName, resourceId: scenario.id } }),
  };
  const jwt = await new SignJWT({
    nonce: randomSecret(16),
    [claim.messageType]: 'LtiDeepLinkingResponse',
    [claim.version]: '1.3.0',
    [claim.deploymentId]: pick.deploymentId,
    'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [item],
    ...(pick.data ? { 'https://purl.imsglobal.org/spec/lti-dl/claim/data': pick.data } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: ctx.keys.signing.kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setAudience(platform.issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(ctx.keys.signing.key);
  return { returnUrl: pick.returnUrl, jwt, platform, scenario };
};
