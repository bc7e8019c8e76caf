import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('has embedded defaults that need nothing installed', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      productName: 'Resim',
      databaseUrl: undefined,
      groupsClaim: 'cognito:groups',
      identity: { kind: 'embedded', issuer: 'http://localhost:8080', clientId: 'resim-console' },
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads an empty setting as one not given, not as 0', () => {
    const config = loadConfig({ PORT: '', BILLING_FREE_LEARNERS: ' ', LEARNER_CAPACITY: '', DEMO_SEED: '' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.billing.freeLearnersPerSpace).toBe(10);
    expect(config.demoSeed).toBe(true);
  });

  it('names every bad value at once', () => {
    expect(problems({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^DATABASE_URL: must be a postgres:\/\/ URL/),
      expect.stringMatching(/^PUBLIC_URL: must be an absolute URL/),
      expect.stringMatching(/^LOG_LEVEL: /),
    ]);
    expect(problems({ PORT: '70000' })).toEqual(['PORT: must be between 0 and 65535']);
  });

  it('bills with the embedded default, or with Stripe when its secret key comes with every price and key it needs', () => {
    expect(loadConfig({}).billing).toEqual({ freeLearnersPerSpace: 10, currency: 'USD', interval: 'month', stripe: undefined });
    expect(loadConfig({ BILLING_FREE_LEARNERS: '0' }).billing.freeLearnersPerSpace).toBe(0);
    expect(problems({ BILLING_FREE_LEARNERS: '-1' })).toEqual(['BILLING_FREE_LEARNERS: must be between 0 and 1000000']);
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_ASSESS: 'price_a' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set',
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_ENGAGE: required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_EMBED: required when STRIPE_SECRET_KEY is set',
    ]);
    expect(problems({ STRIPE_PRICE_ASSESS: 'price_a' })).toEqual(['STRIPE_PRICE_ASSESS: has no effect without STRIPE_SECRET_KEY']);
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ENGAGE: 'price_e',
      STRIPE_PRICE_ASSESS: 'price_a',
      STRIPE_PRICE_EMBED: 'price_m',
    };
    expect(problems({ ...stripe, STRIPE_API_URL: 'nowhere' })).toEqual([expect.stringMatching(/^STRIPE_API_URL: must be an absolute URL/)]);
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).billing.stripe).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      prices: { engage: 'price_e', assess: 'price_a', embed: 'price_m' },
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it("says what the plans' prices are in: BILLING_CURRENCY, an ISO 4217 code, and BILLING_INTERVAL, month or year", () => {
    expect(loadConfig({}).billing).toMatchObject({ currency: 'USD', interval: 'month' });
    expect(loadConfig({ BILLING_CURRENCY: 'EUR', BILLING_INTERVAL: 'year' }).billing).toMatchObject({ currency: 'EUR', interval: 'year' });
    expect(loadConfig({ BILLING_CURRENCY: ' gbp ', BILLING_INTERVAL: 'Month' }).billing).toMatchObject({
      currency: 'GBP',
      interval: 'month',
    });
    for (const currency of ['EURO', 'US', '$', 'ABC', 'U$D'])
      expect(problems({ BILLING_CURRENCY: currency }), currency).toEqual([
        'BILLING_CURRENCY: must be an ISO 4217 currency code such as USD or EUR',
      ]);
    for (const interval of ['week', 'monthly', 'yearly', '12'])
      expect(problems({ BILLING_INTERVAL: interval }), interval).toEqual(['BILLING_INTERVAL: must be month or year']);
    // With Stripe they stay: what the console says while Stripe's Prices cannot be read.
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ENGAGE: 'price_e',
      STRIPE_PRICE_ASSESS: 'price_a',
      STRIPE_PRICE_EMBED: 'price_m',
    };
    expect(loadConfig({ ...stripe, BILLING_CURRENCY: 'CHF', BILLING_INTERVAL: 'year' }).billing).toMatchObject({
      currency: 'CHF',
      interval: 'year',
      stripe: { secretKey: 'sk_test_1' },
    });
  });

  it('switches to an external issuer, which needs a client id', () => {
    expect(problems({ OIDC_ISSUER_URL: 'https://idp.example.test' })).toEqual(['OIDC_CLIENT_ID: required when OIDC_ISSUER_URL is set']);
    const config = loadConfig({ OIDC_ISSUER_URL: 'https://idp.example.test/', OIDC_CLIENT_ID: 'abc', OIDC_GROUPS_CLAIM: 'groups' });
    expect(config.identity).toMatchObject({ kind: 'external', issuer: 'https://idp.example.test', clientId: 'abc', audience: undefined });
    expect(config.groupsClaim).toBe('groups');
  });

  it('checks a Cognito user pool id and client id (SPEC 5)', () => {
    const pool = (id: string) => `https://cognito-idp.eu-west-2.amazonaws.com/${id}`;
    const config = loadConfig({ OIDC_ISSUER_URL: pool('eu-west-2_AbC123'), OIDC_CLIENT_ID: '1example23456789' });
    expect(config.identity).toMatchObject({ kind: 'external', cognito: { region: 'eu-west-2', userPoolId: 'eu-west-2_AbC123' } });
    expect(loadConfig({ OIDC_ISSUER_URL: 'https://idp.example.test', OIDC_CLIENT_ID: 'abc' }).identity).toMatchObject({
      cognito: undefined,
    });

    expect(problems({ OIDC_ISSUER_URL: pool(''), OIDC_CLIENT_ID: 'abc' })).toEqual([
      'OIDC_ISSUER_URL: a Cognito issuer needs its user pool id, as in https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123',
    ]);
    expect(problems({ OIDC_ISSUER_URL: pool('eu-west-2AbC123'), OIDC_CLIENT_ID: 'abc' })).toEqual([
      'OIDC_ISSUER_URL: the Cognito user pool id must be the region, "_" and an id, such as eu-west-2_AbC123',
    ]);
    // The region of the pool id is the region of the address.
    expect(problems({ OIDC_ISSUER_URL: pool('us-east-1_AbC123'), OIDC_CLIENT_ID: 'abc' })).toHaveLength(1);
    expect(problems({ OIDC_ISSUER_URL: pool(`eu-west-2_${'a'.repeat(45)}`), OIDC_CLIENT_ID: 'abc' })).toEqual([]);
    expect(problems({ OIDC_ISSUER_URL: pool(`eu-west-2_${'a'.repeat(46)}`), OIDC_CLIENT_ID: 'abc' })).toEqual([
      'OIDC_ISSUER_URL: the Cognito user pool id must be at most 55 characters',
    ]);
    expect(problems({ OIDC_ISSUER_URL: pool('eu-west-2_AbC123'), OIDC_CLIENT_ID: 'not a client' })).toEqual([
      'OIDC_CLIENT_ID: a Cognito app client id is letters, digits, "_" and "+", at most 128 of them',
    ]);
  });

  it('sends a federated sign-in to the configured identity provider only with scope "openid" alone (SPEC 6)', () => {
    const external = { OIDC_ISSUER_URL: 'https://idp.example.test', OIDC_CLIENT_ID: 'abc', OIDC_IDENTITY_PROVIDER: 'Hospital-SAML' };
    expect(loadConfig({ ...external, OIDC_SCOPE: 'openid' }).identity).toMatchObject({
      scope: 'openid',
      identityProvider: 'Hospital-SAML',
    });
    expect(problems(external)).toEqual(['OIDC_IDENTITY_PROVIDER: a federated sign-in asks only for scope "openid": set OIDC_SCOPE=openid']);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PUBLIC_URL: '', DATABASE_URL: '' })).toMatchObject({ publicUrl: 'http://localhost:8080', databaseUrl: undefined });
  });

  it('sends email by SMTP when configured, from the product by default, retrying with backoff', () => {
    expect(loadConfig({}).email).toEqual({
      smtpUrl: undefined,
      from: '"Resim" <no-reply@localhost>',
      retryBaseMs: 5000,
      retryMaxMs: 3_600_000,
      maxAttempts: 8,
    });
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@mail.example.test:465',
      EMAIL_FROM: 'Lab <lab@example.test>',
      PUBLIC_URL: 'https://sims.example.test',
      EMAIL_RETRY_BASE_MS: '100',
      EMAIL_MAX_ATTEMPTS: '3',
    });
    expect(config.email).toMatchObject({
      smtpUrl: 'smtps://mailer:secret@mail.example.test:465',
      from: 'Lab <lab@example.test>',
      retryBaseMs: 100,
      maxAttempts: 3,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://sims.example.test', PRODUCT_NAME: 'Sim "Lab"' }).email.from).toBe(
      '"Sim \\"Lab\\"" <no-reply@sims.example.test>',
    );
  });

  it('names a bad email setting without repeating its value, which may hold a password', () => {
    const found = problems({
      SMTP_URL: 'http://mailer:hunter2@mail.example.test',
      EMAIL_FROM: 'nobody',
      EMAIL_MAX_ATTEMPTS: '0',
      EMAIL_RETRY_BASE_MS: 'soon',
    });
    expect(found).toEqual([
      expect.stringMatching(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/),
      expect.stringMatching(/^EMAIL_FROM: must be an address/),
      expect.stringMatching(/^EMAIL_RETRY_BASE_MS: /),
      expect.stringMatching(/^EMAIL_MAX_ATTEMPTS: /),
    ]);
    expect(found.join('\n')).not.toContain('hunter2');
  });

  it('keeps the web session in localStorage unless told to use cookies (SPEC 5, 9)', () => {
    expect(loadConfig({}).session).toEqual({ storage: 'local' });
    const cookie = { PUBLIC_URL: 'https://sims.example.test', SESSION_STORAGE: 'cookie', SESSION_COOKIE_DOMAIN: '.Example.test' };
    expect(loadConfig(cookie).session).toEqual({ storage: 'cookie', domain: 'example.test', sameSite: 'strict', secure: true });
    expect(loadConfig({ ...cookie, SESSION_COOKIE_DOMAIN: 'sims.example.test', SESSION_COOKIE_SAMESITE: 'None' }).session).toEqual({
      storage: 'cookie',
      domain: 'sims.example.test',
      sameSite: 'none',
      secure: true,
    });
    expect(
      loadConfig({ PUBLIC_URL: 'http://localhost:8080', SESSION_STORAGE: 'cookie', SESSION_COOKIE_DOMAIN: 'localhost' }).session,
    ).toMatchObject({ domain: 'localhost', secure: true });
    expect(
      loadConfig({ ...cookie, PUBLIC_URL: 'http://sims.example.test', SESSION_COOKIE_SECURE: 'false', SESSION_COOKIE_SAMESITE: 'lax' })
        .session,
    ).toMatchObject({ sameSite: 'lax', secure: false });
  });

  it('refuses cookie storage without a domain, sameSite none without secure, and cookies browsers would drop', () => {
    expect(problems({ SESSION_STORAGE: 'cookie' })).toEqual(['SESSION_COOKIE_DOMAIN: cookie storage needs a domain']);
    expect(problems({ SESSION_STORAGE: 'cookies' })).toEqual(['SESSION_STORAGE: must be local or cookie']);
    const cookie = { PUBLIC_URL: 'https://sims.example.test', SESSION_STORAGE: 'cookie', SESSION_COOKIE_DOMAIN: 'example.test' };
    expect(problems({ ...cookie, SESSION_COOKIE_SAMESITE: 'relaxed' })).toEqual([
      'SESSION_COOKIE_SAMESITE: sameSite must be strict, lax or none',
    ]);
    expect(problems({ ...cookie, SESSION_COOKIE_SAMESITE: 'none', SESSION_COOKIE_SECURE: 'false' })).toEqual([
      'SESSION_COOKIE_SAMESITE: none requires secure (SESSION_COOKIE_SECURE=true)',
    ]);
    expect(problems({ ...cookie, SESSION_COOKIE_DOMAIN: 'not a domain' })).toEqual([
      'SESSION_COOKIE_DOMAIN: must be a domain such as example.com',
    ]);
    expect(problems({ ...cookie, SESSION_COOKIE_DOMAIN: 'other.test' })).toEqual([
      'SESSION_COOKIE_DOMAIN: must be the host of PUBLIC_URL (sims.example.test) or a domain it is under',
    ]);
    expect(problems({ ...cookie, SESSION_COOKIE_DOMAIN: 'ample.test' })).toHaveLength(1);
    expect(problems({ ...cookie, PUBLIC_URL: 'http://sims.example.test' })).toEqual([
      'SESSION_COOKIE_SECURE: secure cookies need an https PUBLIC_URL; set it, or SESSION_COOKIE_SECURE=false',
    ]);
  });

  it('keeps uploaded files under DATA_DIR, or in an S3 bucket when one is named', () => {
    const local = loadConfig({ DATA_DIR: '/srv/resim' }).storage;
    expect(local).toEqual({
      backend: { kind: 'local', dir: '/srv/resim/files' },
      artifactsUrl: '/files',
      maxBytes: 5_000_000_000,
      imageMaxBytes: 5_000_000,
      zipMaxBytes: 1_000_000_000,
      expiryHours: 24,
      urlTtlSeconds: 3600,
    });
    const s3 = loadConfig({
      S3_BUCKET: 'resim-media',
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      ARTIFACTS_URL: 'https://media.example.test/',
      UPLOAD_MAX_BYTES: '2000000000',
    }).storage;
    expect(s3).toMatchObject({
      backend: {
        kind: 's3',
        bucket: 'resim-media',
        region: 'eu-west-2',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      },
      artifactsUrl: 'https://media.example.test',
      maxBytes: 2_000_000_000,
    });
    // A scenario zip holds four of the largest files, up to 1 GB, unless told otherwise.
    expect(loadConfig({ UPLOAD_MAX_BYTES: '10000000' }).storage.zipMaxBytes).toBe(40_000_000);
    expect(loadConfig({ IMPORT_ZIP_MAX_BYTES: '3000000000' }).storage.zipMaxBytes).toBe(3_000_000_000);
    expect(loadConfig({ S3_BUCKET: 'resim-media' }).storage.backend).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('names bad storage settings', () => {
    expect(
      problems({ S3_BUCKET: 'No_Such Bucket', UPLOAD_MAX_BYTES: '0', ARTIFACTS_URL: 'files', UPLOAD_URL_TTL_SECONDS: '9999999' }),
    ).toEqual([
      expect.stringMatching(/^S3_BUCKET: must be a bucket name/),
      expect.stringMatching(/^ARTIFACTS_URL: must be an absolute URL/),
      'UPLOAD_MAX_BYTES: must be at least 1 byte',
      expect.stringMatching(/^UPLOAD_URL_TTL_SECONDS: must be at most a week/),
    ]);
    expect(problems({ S3_BUCKET: 'resim-media', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither',
    ]);
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual(['S3_ENDPOINT: needs S3_BUCKET']);
  });
});
