import { normaliseEmail } from '@resim/contracts';
import type { LiveBus } from '../../adapters/live/live-bus';
import type { Database } from '../../db/database';
import type { LtiPlatformRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { randomSecret } from '../../lib/ids';
import { readJson } from '../../lib/json';
import { launchExternalRun } from '../runs/external-launch';
import { loadRunnableScenario } from '../runs/scenario-cache';
import { addMember } from '../spaces/spaces.repository';
import { findOrInviteUser } from '../users/users.service';
import { LaunchRefused, verifyIdToken, type Launch } from './id-token';
import * as repo from './lti.repository';

/** How long a login may take between the platform's redirect and its launch. */
export const loginTtlMs = 10 * 60 * 1000;

export type LaunchServiceContext = {
  readonly db: Database;
  readonly clock: Clock;
  readonly live: LiveBus;
  readonly publicUrl: string;
  readonly capacity?: { readonly full: () => boolean };
};

/** The tool's own addresses, stable for as long as the public address is. */
export const toolUrls = (publicUrl: string) => ({
  loginUrl: `${publicUrl}/lti/login`,
  launchUrl: `${publicUrl}/lti/launch`,
  jwksUrl: `${publicUrl}/lti/jwks`,
  configUrl: `${publicUrl}/lti/config`,
  deepLinkUrl: `${publicUrl}/lti/deep-link`,
});

export type LoginRequest = {
  readonly iss?: string | undefined;
  readonly login_hint?: string | undefined;
  readonly target_link_uri?: string | undefined;
  readonly lti_message_hint?: string | undefined;
  readonly client_id?: string | undefined;
  readonly lti_deployment_id?: string | undefined;
};

/**
 * Third-party initiated login (LTI Security Framework 5.1.1): finds the platform the issuer (and
 * client id, when sent) registered, keeps a state and a nonce for the launch to come, and answers
 * the platform's authorization address to send the browser to.
 */
export const initiateLogin = async (ctx: LaunchServiceContext, request: LoginRequest): Promise<string> => {
  if (!request.iss) throw new LaunchRefused(400, 'The platform started a login without saying who it is (no "iss")');
  if (!request.login_hint) throw new LaunchRefused(400, 'The platform started a login without a "login_hint"');
  const candidates = (await repo.findPlatformsOfIssuer(ctx.db, request.iss)).filter(
    (platform) => !request.client_id || platform.client_id === request.client_id,
  );
  if (candidates.length === 0)
    throw new LaunchRefused(
      403,
      `No space has registered the platform ${request.iss}${request.client_id ? ` with client id ${request.client_id}` : ''}`,
    );
  if (candidates.length > 1)
    throw new LaunchRefused(
      400,
      `Several registrations of ${request.iss} exist here: the platform must send its client id ("client_id") with the login`,
    );
  const platform = candidates[0]!;
  if (request.lti_deployment_id && !readJson<string[]>(platform.deployment_ids, []).includes(request.lti_deployment_id))
    throw new LaunchRefused(
      403,
      `The login comes from deployment "${request.lti_deployment_id}", which is not registered for ${platform.name}`,
    );
  const now = ctx.clock.now();
  const state = randomSecret();
  const nonce = randomSecret();
  await repo.deleteExpiredLogins(ctx.db, now.toISOString());
  await repo.insertLogin(ctx.db, { state, nonce, platformId: platform.id, expiresAt: new Date(now.getTime() + loginTtlMs).toISOString() });
  const url = new URL(platform.auth_login_url);
  const params: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.client_id,
    // One redirect address whatever the target: platforms accept only those registered.
    redirect_uri: toolUrls(ctx.publicUrl).launchUrl,
    login_hint: request.login_hint,
    state,
    nonce,
    ...(request.lti_message_hint ? { lti_message_hint: request.lti_message_hint } : {}),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
};

export type LaunchOutcome =
  | { readonly kind: 'play'; readonly url: string; readonly gameId: string }
  | { readonly kind: 'member'; readonly spaceName: string; readonly consoleUrl: string; readonly scenarioName: string | null }
  | { readonly kind: 'deep-linking'; readonly platform: LtiPlatformRow; readonly launch: Launch };

/** The launch's login, taken once: a state unknown, used or expired is refused. */
const takeLogin = async (ctx: LaunchServiceContext, state: string) => {
  const login = await repo.takeLogin(ctx.db, state);
  if (!login) throw new LaunchRefused(401, 'This launch was used already or is unknown here: launch the activity again from the course');
  if (login.expires_at < ctx.clock.now().toISOString())
    throw new LaunchRefused(401, 'This launch took too long and has expired: launch the activity again from the course');
  const platform = await repo.findPlatform(ctx.db, login.platform_id);
  if (!platform) throw new LaunchRefused(403, 'The platform of this launch is no longer registered here');
  return { platform, nonce: login.nonce };
};

/** The scenario a resource link names: by the custom parameter deep linking set, or in the target's query. */
const scenarioIdOf = (launch: Launch): string | null => {
  if (launch.custom.resim) return launch.custom.resim;
  if (launch.targetLinkUri && URL.canParse(launch.targetLinkUri)) return new URL(launch.targetLinkUri).searchParams.get('resim');
  return null;
};

/**
 * A launch (the id_token posted to the launch address): verified against its login and its
 * platform, then an instructor becomes a member of the platform's space, a learner its learner
 * and the player of a run of the scenario the link names; a deep linking request goes on to the
 * scenario picker. Refused launches store nothing but the login they used up.
 */
export const completeLaunch = async (ctx: LaunchServiceContext, form: { idToken: string; state: string }): Promise<LaunchOutcome> => {
  const { platform, nonce } = await takeLogin(ctx, form.state);
  const launch = await verifyIdToken(platform, form.idToken, { nonce, now: ctx.clock.now() });
  if (launch.messageType === 'LtiDeepLinkingRequest') {
    if (launch.role !== 'instructor') throw new LaunchRefused(403, 'Only a teacher of the course can choose a scenario for it');
    if (!launch.deepLinking) throw new LaunchRefused(400, 'The deep linking request has no return address (deep_link_return_url)');
    return { kind: 'deep-linking', platform, launch };
  }
  const resimId = scenarioIdOf(launch);
  if (!resimId)
    throw new LaunchRefused(
      400,
      'This link names no scenario: a teacher of the course should add it again by choosing a scenario (deep linking)',
    );
  const scenario = await loadRunnableScenario(ctx.db, { id: resimId });
  if (!scenario || scenario.group !== platform.space_id)
    throw new LaunchRefused(403, `The scenario this link names is not in the space ${platform.name} is registered in`);
  const now = ctx.clock.now().toISOString();
  const rememberContext = () =>
    launch.context
      ? repo.saveContext(ctx.db, {
          platform_id: platform.id,
          context_id: launch.context.id,
          title: launch.context.title,
          memberships_url: launch.membershipsUrl,
          updated_at: now,
        })
      : Promise.resolve();

  if (launch.role === 'instructor') {
    if (!launch.email)
      throw new LaunchRefused(403, 'The platform did not share your email address, which a teacher needs to become a member of the space');
    const space = await ctx.db
      .selectFrom('spaces')
      .select(['description', 'owner_id'])
      .where('id', '=', platform.space_id)
      .executeTakeFirstOrThrow();
    await ctx.db.transaction().execute(async (trx) => {
      const { user } = await findOrInviteUser({ db: trx, clock: ctx.clock, email: normaliseEmail(launch.email!) });
      if (user.id !== space.owner_id) await addMember(trx, { spaceId: platform.space_id, userId: user.id, now, acceptedAt: null });
    });
    await rememberContext();
    return {
      kind: 'member',
      spaceName: space.description,
      consoleUrl: `${ctx.publicUrl}/resim/${encodeURIComponent(scenario.id)}`,
      scenarioName: scenario.resimName,
    };
  }
  if (launch.role !== 'learner')
    throw new LaunchRefused(403, 'Your role in the course is neither teacher nor learner, so this activity has nothing to show you');

  let launched;
  try {
    launched = await launchExternalRun(ctx, scenario, {
      source: 'lti',
      sourceId: platform.id,
      learnerRef: launch.userId,
      name: launch.name,
      email: launch.email,
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 409) throw new LaunchRefused(403, error.message.replace(/[.;]$/, ''));
    throw error;
  }
  if (launch.email)
    await ctx.db
      .insertInto('space_learners')
      .values({
        space_id: platform.space_id,
        email: normaliseEmail(launch.email),
        tags: '[]',
        created_at: now,
        updated_at: now,
        invited_at: null,
        reminded_at: null,
      })
      .onConflict((oc) => oc.columns(['space_id', 'email']).doNothing())
      .execute();
  await repo.saveRunLink(ctx.db, {
    game_id: launched.gameId,
    platform_id: platform.id,
    user_id: launch.userId,
    lineitem: launch.lineitem,
    updated_at: now,
  });
  await rememberContext();
  return {
    kind: 'play',
    gameId: launched.gameId,
    url: `${ctx.publicUrl}/play/lms/${encodeURIComponent(launched.gameId)}#token=${encodeURIComponent(launched.runToken)}`,
  };
};
