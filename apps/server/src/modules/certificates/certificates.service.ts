import crypto from 'node:crypto';
import type { Database } from '../../db/database';
import type { CertificatesTable, GameRow } from '../../db/schema';
import { AppError, forbidden } from '../../errors/app-error';
import { iso, type Clock } from '../../lib/clock';
import { scenarioAsPlayed } from '../resim-history/revision-figures';
import { feedbackShown, scoreOf } from '../runs/game-records';
import { ownGame, scenarioOfGame, type PlayContext } from '../runs/play.service';
import { hostRun } from '../runs/records.service';
import { verdictOfRun } from '../runs/verdicts';
import { findSpaceById } from '../spaces/spaces.repository';
import { getAccessibleSpace, type SpaceContext } from '../spaces/spaces.service';
import { certificatePdf } from './certificate-pdf';
import type { Scenario } from '@resim/domain';

export type CertificateFile = { readonly name: string; readonly pdf: Buffer };

// Letters and digits a reader cannot mistake for one another (no 0/O, 1/I/L): ten of them, 40 bits.
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const newCode = (): string => Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');

/** A code as typed or scanned: spaces and dashes dropped, upper case; null when it cannot be one. */
export const readCode = (typed: string): string | null => {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[2-9A-HJKMNP-Z]{10}$/.test(code) ? code : null;
};

const verifyUrlOf = (publicUrl: string, code: string) => `${publicUrl.replace(/\/$/, '')}/verify/${code}`;

/**
 * The certificate of a run: issued the first time it is asked for, once the run has passed the
 * pass mark of the version it played; the same code every time after.
 */
const certificateOf = async (db: Database, clock: Clock, scenario: Scenario, game: GameRow): Promise<CertificatesTable> => {
  const kept = await db.selectFrom('certificates').selectAll().where('game_id', '=', game.id).executeTakeFirst();
  if (kept) return kept;
  const now = clock.now().getTime();
  const score = scoreOf(scenario, game, now);
  const verdict = await verdictOfRun(db, scenario, game, score, now);
  if (!verdict) throw new AppError('conflict', 'This run has no certificate: its scenario sets no pass mark, or the run has not ended');
  if (!verdict.passed) throw new AppError('conflict', `This run did not pass, so it has no certificate: ${verdict.reasons.join('; ')}`);
  const space = await findSpaceById(db, scenario.group);
  const played = await scenarioAsPlayed(db, scenario, game.instance_id);
  const row: CertificatesTable = {
    code: newCode(),
    game_id: game.id,
    resim_id: scenario.id,
    learner: game.email ?? game.nickname,
    scenario: played.resimName,
    space: space?.description ?? '',
    points: score?.points ?? null,
    credit_hours: played.passMark.creditHours,
    passed_at: game.ended_at!,
    issued_at: iso(clock),
    revoked_at: null,
  };
  // Two requests at once issue one certificate: the run's is unique, the loser reads the winner's.
  await db
    .insertInto('certificates')
    .values(row)
    .onConflict((conflict) => conflict.column('game_id').doNothing())
    .execute();
  return await db.selectFrom('certificates').selectAll().where('game_id', '=', game.id).executeTakeFirstOrThrow();
};

const fileOf = async (row: CertificatesTable, publicUrl: string, now: Date): Promise<CertificateFile> => {
  if (row.revoked_at !== null) throw new AppError('conflict', 'This certificate was revoked by the owner of its space');
  const pdf = await certificatePdf(
    {
      code: row.code,
      learner: row.learner,
      scenario: row.scenario,
      space: row.space,
      points: row.points,
      creditHours: row.credit_hours,
      passedAt: row.passed_at,
      verifyUrl: verifyUrlOf(publicUrl, row.code),
    },
    now,
  );
  return { name: `certificate-${row.code}.pdf`, pdf };
};

/** GET /learn/game/{gameId}/certificate: the learner's certificate of their passed run, once they may see how they did. */
export const learnerCertificate = async (ctx: PlayContext, publicUrl: string, gameId: string): Promise<CertificateFile> => {
  const game = await ownGame(ctx, gameId);
  const scenario = await scenarioOfGame(ctx.db, game);
  if (!feedbackShown(scenario, game, false)) throw new AppError('conflict', 'Your certificate is ready once the host ends the session');
  return fileOf(await certificateOf(ctx.db, ctx.clock, scenario, game), publicUrl, ctx.clock.now());
};

/** GET /admin/resim/{id}/games/{gameId}/certificate: a passed run's certificate, for its host. */
export const hostCertificate = async (ctx: SpaceContext, publicUrl: string, resimId: string, gameId: string): Promise<CertificateFile> => {
  const { scenario, game } = await hostRun(ctx, resimId, gameId);
  return fileOf(await certificateOf(ctx.db, ctx.clock, scenario, game), publicUrl, ctx.clock.now());
};

/** POST /admin/resim/{id}/games/{gameId}/certificate/revoke: the space's owner withdraws a certificate; it verifies no more. */
export const revokeCertificate = async (
  ctx: SpaceContext,
  resimId: string,
  gameId: string,
): Promise<{ code: string; revokedAt: string }> => {
  const { scenario, game } = await hostRun(ctx, resimId, gameId);
  const access = await getAccessibleSpace(ctx, scenario.group);
  if (!access.isOwner) throw forbidden('Only the owner of this space can revoke a certificate');
  const row = await ctx.db.selectFrom('certificates').selectAll().where('game_id', '=', game.id).executeTakeFirst();
  if (!row) throw new AppError('not_found', 'This run has no certificate to revoke');
  const revokedAt = row.revoked_at ?? iso(ctx.clock);
  await ctx.db.updateTable('certificates').set({ revoked_at: revokedAt }).where('code', '=', row.code).execute();
  return { code: row.code, revokedAt };
};

/** What the public verification page says of a code: valid with what it certifies, revoked, or unknown. */
export type Verification =
  | {
      readonly state: 'valid';
      readonly learner: string;
      readonly scenario: string;
      readonly space: string;
      readonly passedAt: string;
      readonly creditHours: number | null;
    }
  | { readonly state: 'revoked' }
  | { readonly state: 'unknown' };

export const verifyCertificate = async (db: Database, typed: string): Promise<Verification> => {
  const code = readCode(typed);
  if (code === null) return { state: 'unknown' };
  const row = await db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.revoked_at !== null) return { state: 'revoked' };
  return {
    state: 'valid',
    learner: row.learner,
    scenario: row.scenario,
    space: row.space,
    passedAt: row.passed_at,
    creditHours: row.credit_hours,
  };
};
