import { z } from 'zod';

/** An address a platform publishes: absolute http(s), without credentials in it. */
const platformUrl = (example: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: `must be a web address starting with https:// or http://, such as ${example}` }))
    .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'must not carry a user name or password');

/** A learning platform (LMS) as an admin types it from the platform's own page of the tool. */
export const ltiPlatformBody = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(200),
  issuer: platformUrl('https://moodle.example.edu'),
  clientId: z.string().trim().min(1, 'is required').max(500),
  deploymentIds: z
    .array(z.string().trim().min(1, 'must not be empty').max(500))
    .min(1, 'needs at least one deployment id (the platform shows it beside the client id)')
    .max(50),
  authLoginUrl: platformUrl('https://moodle.example.edu/mod/lti/auth.php'),
  tokenUrl: platformUrl('https://moodle.example.edu/mod/lti/token.php'),
  jwksUrl: platformUrl('https://moodle.example.edu/mod/lti/certs.php'),
});
export type LtiPlatformBody = z.infer<typeof ltiPlatformBody>;

export const ltiGradeStatus = z.enum(['queued', 'sending', 'sent', 'failed']);
export type LtiGradeStatus = z.infer<typeof ltiGradeStatus>;

export const ltiPlatform = ltiPlatformBody
  .extend({
    id: z.string(),
    registeredBy: z.enum(['console', 'dynamic']).describe('typed in the console, or registered by the platform itself'),
    created: z.string(),
    updated: z.string(),
    courses: z.number().describe('courses seen at launch whose roster can be pulled'),
  })
  .meta({ id: 'LtiPlatform' });
export type LtiPlatform = z.infer<typeof ltiPlatform>;

/** What an admin pastes into a platform by hand, and the one address of dynamic registration. */
export const ltiToolUrls = z
  .object({
    loginUrl: z.string().describe('OpenID Connect login initiation URL'),
    launchUrl: z.string().describe('redirect URI and target link URI of launches and deep linking'),
    jwksUrl: z.string().describe("the tool's public keys"),
    configUrl: z.string().describe("the tool's configuration (JSON)"),
    registrationUrl: z.string().nullable().describe("dynamic registration into this space: shown to the space's owner only"),
  })
  .meta({ id: 'LtiToolUrls' });
export type LtiToolUrls = z.infer<typeof ltiToolUrls>;

export const ltiSettings = z
  .object({
    tool: ltiToolUrls,
    platforms: z.array(ltiPlatform),
    grades: z.record(ltiGradeStatus, z.number()).describe("The space's grades by status"),
    lastError: z.string().nullable().describe('What the platform said of the latest grade that failed or waits for a retry'),
  })
  .meta({ id: 'LtiSettings' });
export type LtiSettings = z.infer<typeof ltiSettings>;

export const ltiCheck = z
  .object({ ok: z.boolean(), message: z.string().describe('What the platform answered, in plain words') })
  .meta({ id: 'LtiCheck' });
export type LtiCheck = z.infer<typeof ltiCheck>;

export const ltiRoster = z
  .object({
    courses: z.number(),
    learners: z.number().describe('learners of the courses with an email'),
    added: z.number().describe('learners new to the space'),
    withoutEmail: z.number().describe('learners the platform named without an email, who cannot be added'),
  })
  .meta({ id: 'LtiRoster' });
export type LtiRoster = z.infer<typeof ltiRoster>;

export const runGrade = z
  .object({
    platform: z.string().describe("the platform's name"),
    status: ltiGradeStatus,
    scoreGiven: z.number().nullable(),
    scoreMaximum: z.number().nullable(),
    attempts: z.number(),
    lastError: z.string().nullable().describe('what the platform answered, in its words, when it refused or failed'),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'RunGrade' });
export type RunGrade = z.infer<typeof runGrade>;
