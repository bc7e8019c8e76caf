import path from 'node:path';
import { z } from 'zod';
import { cookieSameSites, type SessionStore } from '@resim/contracts';
import { defaultProductName } from '@resim/domain';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = () =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), 'must be an absolute URL such as http://localhost:8080')
    .transform((value) => value.replace(/\/+$/, ''));

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const milliseconds = z.coerce
  .number({ message: 'must be a number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(1, 'must be at least 1 ms')
  .max(7 * 24 * 60 * 60 * 1000, 'must be at most a week');

const bytes = z.coerce
  .number({ message: 'must be a number of bytes' })
  .int('must be a whole number of bytes')
  .min(1, 'must be at least 1 byte');

// The ISO 4217 codes this Node.js knows, so that the console's price format knows them too.
const currencyCodes: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const configuredIntervals = ['month', 'year'] as const;

const environment = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATABASE_SCHEMA: z
    .string()
    .trim()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier')
    .default('public'),
  PUBLIC_URL: optionalText.pipe(url().optional()),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default(defaultProductName),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: boolean.default(false),
  DEMO_SEED: boolean.default(true),
  /** External OpenID Connect issuer; when set, the embedded issuer is off. */
  OIDC_ISSUER_URL: optionalText.pipe(url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_AUDIENCE: optionalText,
  OIDC_SCOPE: optionalText,
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).default('cognito:groups'),
  OIDC_JWKS_URL: optionalText.pipe(url().optional()),
  /** Cognito's identity_provider: with OIDC_SCOPE "openid" alone, sign-in goes straight to that provider (SPEC 6). */
  OIDC_IDENTITY_PROVIDER: optionalText,
  /** SMTP server for email; when unset, email stays in the outbox, readable in the console. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => /^smtps?:\/\//.test(value) && URL.canParse(value),
        'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
      )
      .optional(),
  ),
  EMAIL_FROM: optionalText.pipe(
    z
      .string()
      .max(254)
      .regex(
        /^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/,
        'must be an address such as no-reply@example.com or "Resim" <no-reply@example.com>',
      )
      .optional(),
  ),
  EMAIL_RETRY_BASE_MS: milliseconds.default(5000),
  EMAIL_RETRY_MAX_MS: milliseconds.default(60 * 60 * 1000),
  EMAIL_MAX_ATTEMPTS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1).max(100).default(8),
  /** Where the web app keeps the session: localStorage, or cookies shared by the hosts of a domain. */
  SESSION_STORAGE: z.enum(['local', 'cookie'], { message: 'must be local or cookie' }).default('local'),
  SESSION_COOKIE_DOMAIN: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^\.?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, 'must be a domain such as example.com')
      .transform((value) => value.replace(/^\./, ''))
      .optional(),
  ),
  SESSION_COOKIE_SAMESITE: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(cookieSameSites, { message: 'sameSite must be strict, lax or none' }))
    .default('strict'),
  SESSION_COOKIE_SECURE: boolean.default(true),
  /** An S3 bucket (or an S3-compatible store's) for uploaded files; when unset, files stay under DATA_DIR. */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
      .optional(),
  ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** An S3-compatible store's address; unset for Amazon S3 itself. */
  S3_ENDPOINT: optionalText.pipe(url().optional()),
  S3_FORCE_PATH_STYLE: boolean.default(false),
  /** Unset: the SDK's own chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Where uploaded files are served from, by key; by default the product's own /files. */
  ARTIFACTS_URL: optionalText.pipe(url().optional()),
  UPLOAD_MAX_BYTES: bytes.default(5_000_000_000),
  IMAGE_MAX_BYTES: bytes.default(5_000_000),
  /** A scenario zip with its media, read whole: by default four of the largest files, up to 1 GB. */
  IMPORT_ZIP_MAX_BYTES: bytes.optional(),
  /** An upload neither completed nor aborted within this is abandoned, and swept away. */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number({ message: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1)
    .max(24 * 30)
    .default(24),
  /** How long a part's presigned address stays good. */
  UPLOAD_URL_TTL_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60 s')
    .max(7 * 24 * 60 * 60, 'must be at most a week (S3 presigned addresses last no longer)')
    .default(3600),
  /** Learners of a space who may have scenarios without a slot of the right plan. */
  BILLING_FREE_LEARNERS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 1000000')
    .max(1_000_000, 'must be between 0 and 1000000')
    .default(10),
  /** What the plans' prices are in with the embedded billing, and with Stripe while its Prices cannot be read. */
  BILLING_CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => /^[A-Z]{3}$/.test(value) && currencyCodes.has(value), 'must be an ISO 4217 currency code such as USD or EUR')
    .default('USD'),
  BILLING_INTERVAL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(configuredIntervals, { message: 'must be month or year' }))
    .default('month'),
  /** Learners' sockets one process holds at most; beyond it, joins and new sockets are turned away for a while (503). */
  LEARNER_CAPACITY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(20_000),
  /** Sign-in attempts one account may have in an hour, from every address together (ASVS 2.2.1 asks for 100 at most). */
  SIGN_IN_LIMIT_PER_ACCOUNT_HOUR: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(100),
  /** New anonymous runs one address may make in a minute: a room behind one router shares its address. */
  JOIN_LIMIT_PER_ADDRESS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(300),
  /** New anonymous runs one join code may take in a minute. */
  JOIN_LIMIT_PER_CODE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(5000),
  /** Join codes leading nowhere one address may try in a minute. */
  JOIN_LIMIT_WRONG_CODES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(30),
  /**
   * Seconds a stopping process keeps serving after SIGTERM or SIGINT, answering `/readyz` with 503,
   * so that a load balancer stops sending it work before it closes its port.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(0, 'must be between 0 and 600')
    .max(600, 'must be between 0 and 600')
    .default(0),
  /** Redis, when set, keeps the counts of rate limits for every process (PostgreSQL does otherwise, SQLite's process alone). */
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  /** `/metrics` answers to `Authorization: Bearer <this>`; unset, it is off. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Stripe bills subscriptions when set; without it, the embedded billing keeps them in the database, unpaid. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ENGAGE: optionalText,
  STRIPE_PRICE_ASSESS: optionalText,
  STRIPE_PRICE_EMBED: optionalText,
  /** Another address for Stripe's API (a proxy, or a test's stand-in) */
  STRIPE_API_URL: optionalText.pipe(url().optional()),
});

export type ExternalIdentity = {
  readonly kind: 'external';
  readonly issuer: string;
  readonly clientId: string;
  readonly audience: string | undefined;
  readonly scope: string;
  readonly jwksUrl: string | undefined;
  /** set when the issuer is an Amazon Cognito user pool, whose tokens say what they are in token_use */
  readonly cognito: CognitoPool | undefined;
  /** the identity provider a federated sign-in goes to, when the scope is only "openid" */
  readonly identityProvider: string | undefined;
};
export type CognitoPool = { readonly region: string; readonly userPoolId: string };
export type EmbeddedIdentity = {
  readonly kind: 'embedded';
  readonly issuer: string;
  readonly clientId: string;
  readonly audience: string;
  readonly scope: string;
};

export type EmailConfig = {
  /** smtp:// or smtps://, with credentials; never logged */
  readonly smtpUrl: string | undefined;
  readonly from: string;
  /** the wait before the second attempt; it doubles with each failure up to retryMaxMs */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly maxAttempts: number;
};

export type S3Storage = {
  readonly kind: 's3';
  readonly bucket: string;
  readonly region: string;
  readonly endpoint: string | undefined;
  readonly forcePathStyle: boolean;
  /** never logged */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
};
export type StorageConfig = {
  readonly backend: { readonly kind: 'local'; readonly dir: string } | S3Storage;
  /** files are served at `${artifactsUrl}/${key}`: an address, or the product's own path */
  readonly artifactsUrl: string;
  readonly maxBytes: number;
  readonly imageMaxBytes: number;
  /** largest scenario zip an import takes, and most its files may hold once unpacked */
  readonly zipMaxBytes: number;
  readonly expiryHours: number;
  readonly urlTtlSeconds: number;
};

export type StripeConfig = {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Stripe's price id of each plan */
  readonly prices: { readonly engage: string; readonly assess: string; readonly embed: string };
  readonly apiUrl: string | undefined;
};

export type BillingConfig = {
  readonly freeLearnersPerSpace: number;
  /** ISO 4217, upper case: the plans' prices' currency, unless Stripe's Prices say otherwise */
  readonly currency: string;
  /** the period each price pays for, unless Stripe's Prices say otherwise */
  readonly interval: (typeof configuredIntervals)[number];
  /** undefined: the embedded billing */
  readonly stripe: StripeConfig | undefined;
};

export type Config = {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string;
  readonly publicUrl: string;
  readonly productName: string;
  readonly logLevel: string;
  readonly trustProxy: boolean;
  /** where rate limits are counted across processes, when not in PostgreSQL */
  readonly redisUrl: string | undefined;
  /** the bearer token `/metrics` asks for; undefined: no metrics served */
  readonly metricsToken: string | undefined;
  readonly demoSeed: boolean;
  readonly groupsClaim: string;
  readonly identity: EmbeddedIdentity | ExternalIdentity;
  readonly email: EmailConfig;
  readonly session: SessionStore;
  readonly storage: StorageConfig;
  readonly billing: BillingConfig;
  /** learners' sockets one process holds at most (DESIGN 6 back-pressure) */
  readonly learnerCapacity: number;
  /** joins a minute: new anonymous runs per address and per code, and wrong codes per address */
  readonly joinLimits: JoinLimitSettings;
  /** sign-in attempts one account may have in an hour, from every address together */
  readonly signInAttemptsPerHour: number;
  /** how long a stopping process keeps serving, not ready, before it closes (graceful drain) */
  readonly shutdownDrainMs: number;
};

/** How many joins the server takes in a minute (a setting each: a congress joins by the thousand through one code). */
export type JoinLimitSettings = {
  /** new anonymous runs from one address: a room behind one router shares it */
  readonly perAddress: number;
  /** new anonymous runs of one join code */
  readonly perCode: number;
  /** join codes from one address that lead nowhere: guessing codes */
  readonly wrongCodes: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The embedded issuer's API audience; an identifier, never fetched. */
export const embeddedAudience = 'urn:resim:api';
export const embeddedClientId = 'resim-console';

// The formats Amazon Cognito gives for a user pool id and an app client id.
const cognitoIssuer = /^https:\/\/cognito-idp\.([a-z0-9-]+)\.amazonaws\.com(?:\/(.*))?$/;
const cognitoPoolId = /^[\w-]+_[0-9a-zA-Z]+$/;
const cognitoClientId = /^[\w+]{1,128}$/;
export const cognitoPoolIdMaxLength = 55;

/**
 * A Cognito issuer is https://cognito-idp.<region>.amazonaws.com/<user pool id>: the pool id and
 * the client id are required, and the pool id is at most 55 characters in the pool format,
 * <region>_<id> (SPEC 5). Answers the pool and the problems found.
 */
const readCognitoPool = (issuer: string, clientId: string): { pool: CognitoPool | undefined; problems: string[] } => {
  const match = cognitoIssuer.exec(issuer);
  if (!match) return { pool: undefined, problems: [] };
  const region = match[1]!;
  const userPoolId = match[2] ?? '';
  const problems: string[] = [];
  if (userPoolId === '') {
    problems.push(
      `OIDC_ISSUER_URL: a Cognito issuer needs its user pool id, as in https://cognito-idp.${region}.amazonaws.com/${region}_AbC123`,
    );
  } else if (userPoolId.length > cognitoPoolIdMaxLength) {
    problems.push(`OIDC_ISSUER_URL: the Cognito user pool id must be at most ${cognitoPoolIdMaxLength} characters`);
  } else if (!cognitoPoolId.test(userPoolId) || !userPoolId.startsWith(`${region}_`)) {
    problems.push(`OIDC_ISSUER_URL: the Cognito user pool id must be the region, "_" and an id, such as ${region}_AbC123`);
  }
  if (!cognitoClientId.test(clientId)) {
    problems.push('OIDC_CLIENT_ID: a Cognito app client id is letters, digits, "_" and "+", at most 128 of them');
  }
  return { pool: problems.length === 0 ? { region, userPoolId } : undefined, problems };
};

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/**
 * SPEC 5: cookie storage needs a domain; sameSite none requires secure. The domain must be the
 * public host or one above it, and secure cookies need https (or a loopback address), or
 * browsers drop the cookies and nobody stays signed in.
 */
const sessionStore = (value: z.infer<typeof environment>, publicUrl: string): SessionStore => {
  if (value.SESSION_STORAGE === 'local') return { storage: 'local' };
  const problems: string[] = [];
  const domain = value.SESSION_COOKIE_DOMAIN;
  const { hostname, protocol } = new URL(publicUrl);
  if (!domain) problems.push('SESSION_COOKIE_DOMAIN: cookie storage needs a domain');
  else if (hostname !== domain && !hostname.endsWith(`.${domain}`))
    problems.push(`SESSION_COOKIE_DOMAIN: must be the host of PUBLIC_URL (${hostname}) or a domain it is under`);
  if (value.SESSION_COOKIE_SAMESITE === 'none' && !value.SESSION_COOKIE_SECURE)
    problems.push('SESSION_COOKIE_SAMESITE: none requires secure (SESSION_COOKIE_SECURE=true)');
  if (value.SESSION_COOKIE_SECURE && protocol !== 'https:' && !isLoopback(hostname))
    problems.push('SESSION_COOKIE_SECURE: secure cookies need an https PUBLIC_URL; set it, or SESSION_COOKIE_SECURE=false');
  if (!domain || problems.length > 0) throw new ConfigError(problems);
  return { storage: 'cookie', domain, sameSite: value.SESSION_COOKIE_SAMESITE, secure: value.SESSION_COOKIE_SECURE };
};

/** The embedded default keeps files under DATA_DIR; S3_BUCKET moves them to S3 or an S3-compatible store. */
const storage = (value: z.infer<typeof environment>, dataDir: string): StorageConfig => {
  const problems: string[] = [];
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither');
  if (!value.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (value[name]) problems.push(`${name}: needs S3_BUCKET`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const backend: StorageConfig['backend'] = value.S3_BUCKET
    ? {
        kind: 's3',
        bucket: value.S3_BUCKET,
        region: value.S3_REGION,
        endpoint: value.S3_ENDPOINT,
        forcePathStyle: value.S3_FORCE_PATH_STYLE,
        credentials:
          value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY }
            : undefined,
      }
    : { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    backend,
    artifactsUrl: value.ARTIFACTS_URL ?? '/files',
    maxBytes: value.UPLOAD_MAX_BYTES,
    imageMaxBytes: value.IMAGE_MAX_BYTES,
    zipMaxBytes: value.IMPORT_ZIP_MAX_BYTES ?? Math.min(4 * value.UPLOAD_MAX_BYTES, 1_000_000_000),
    expiryHours: value.UPLOAD_EXPIRY_HOURS,
    urlTtlSeconds: value.UPLOAD_URL_TTL_SECONDS,
  };
};

const stripeSettings = [
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_ENGAGE',
  'STRIPE_PRICE_ASSESS',
  'STRIPE_PRICE_EMBED',
] as const;

/** With STRIPE_SECRET_KEY, every price and key Stripe billing needs must be set too. */
const billingConfig = (value: z.infer<typeof environment>): BillingConfig => {
  const secretKey = value.STRIPE_SECRET_KEY;
  const billing = { freeLearnersPerSpace: value.BILLING_FREE_LEARNERS, currency: value.BILLING_CURRENCY, interval: value.BILLING_INTERVAL };
  if (!secretKey) {
    const stray = [...stripeSettings, 'STRIPE_API_URL' as const].filter((name) => value[name] !== undefined);
    if (stray.length > 0) throw new ConfigError(stray.map((name) => `${name}: has no effect without STRIPE_SECRET_KEY`));
    return { ...billing, stripe: undefined };
  }
  const missing = stripeSettings.filter((name) => value[name] === undefined);
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name}: required when STRIPE_SECRET_KEY is set`));
  return {
    ...billing,
    stripe: {
      secretKey,
      publishableKey: value.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: value.STRIPE_WEBHOOK_SECRET!,
      prices: { engage: value.STRIPE_PRICE_ENGAGE!, assess: value.STRIPE_PRICE_ASSESS!, embed: value.STRIPE_PRICE_EMBED! },
      apiUrl: value.STRIPE_API_URL,
    },
  };
};

/**
 * The settings given a value. An empty one (`PORT=` in an env file) is not given, as the optional
 * texts already read it: a number read from it would be 0, and PORT= would listen on a random port.
 */
const givenSettings = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''));

/** Parses and validates the environment once, at start; every problem is named at once. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = environment.safeParse(givenSettings(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const value = parsed.data;
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  let identity: Config['identity'];
  if (value.OIDC_ISSUER_URL) {
    if (!value.OIDC_CLIENT_ID) throw new ConfigError(['OIDC_CLIENT_ID: required when OIDC_ISSUER_URL is set']);
    const scope = value.OIDC_SCOPE ?? 'openid profile email';
    const { pool, problems } = readCognitoPool(value.OIDC_ISSUER_URL, value.OIDC_CLIENT_ID);
    if (value.OIDC_IDENTITY_PROVIDER && scope !== 'openid') {
      problems.push('OIDC_IDENTITY_PROVIDER: a federated sign-in asks only for scope "openid": set OIDC_SCOPE=openid');
    }
    if (problems.length > 0) throw new ConfigError(problems);
    identity = {
      kind: 'external',
      issuer: value.OIDC_ISSUER_URL,
      clientId: value.OIDC_CLIENT_ID,
      audience: value.OIDC_AUDIENCE,
      scope,
      jwksUrl: value.OIDC_JWKS_URL,
      cognito: pool,
      identityProvider: value.OIDC_IDENTITY_PROVIDER,
    };
  } else {
    identity = {
      kind: 'embedded',
      issuer: publicUrl,
      clientId: embeddedClientId,
      audience: embeddedAudience,
      scope: 'openid profile email api',
    };
  }
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir,
    databaseUrl: value.DATABASE_URL,
    databaseSchema: value.DATABASE_SCHEMA,
    publicUrl,
    productName: value.PRODUCT_NAME,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    metricsToken: value.METRICS_TOKEN,
    redisUrl: value.REDIS_URL,
    demoSeed: value.DEMO_SEED,
    groupsClaim: value.OIDC_GROUPS_CLAIM,
    identity,
    email: {
      smtpUrl: value.SMTP_URL,
      from: value.EMAIL_FROM ?? `${JSON.stringify(value.PRODUCT_NAME)} <no-reply@${new URL(publicUrl).hostname}>`,
      retryBaseMs: value.EMAIL_RETRY_BASE_MS,
      retryMaxMs: Math.max(value.EMAIL_RETRY_MAX_MS, value.EMAIL_RETRY_BASE_MS),
      maxAttempts: value.EMAIL_MAX_ATTEMPTS,
    },
    session: sessionStore(value, publicUrl),
    storage: storage(value, dataDir),
    billing: billingConfig(value),
    learnerCapacity: value.LEARNER_CAPACITY,
    signInAttemptsPerHour: value.SIGN_IN_LIMIT_PER_ACCOUNT_HOUR,
    joinLimits: {
      perAddress: value.JOIN_LIMIT_PER_ADDRESS,
      perCode: value.JOIN_LIMIT_PER_CODE,
      wrongCodes: value.JOIN_LIMIT_WRONG_CODES,
    },
    shutdownDrainMs: Math.round(value.SHUTDOWN_DRAIN_SECONDS * 1000),
  };
};
