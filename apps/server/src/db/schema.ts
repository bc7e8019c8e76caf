import type { Insertable, Selectable } from 'kysely';

/**
 * Row types of every table. Times are ISO-8601 text and JSON is text, so that one code path
 * serves SQLite and PostgreSQL alike.
 */
export type UsersTable = {
  id: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  /** JSON array of group names */
  groups: string;
  /** JSON object: user metadata (collapsedSpaces, sortOrder) */
  metadata: string;
  external_subject: string | null;
  /** when the embedded issuer's user proved their address; null: not yet (or an external issuer's user) */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
};

export type SpacesTable = {
  id: string;
  description: string;
  owner_id: string;
  /** JSON object of the security flags that were set; absent flags mean true */
  security: string;
  created_at: string;
};

export type SpaceMembersTable = {
  space_id: string;
  user_id: string;
  created_at: string;
  /** when they first saw the space after signing in; until then the others see only their email */
  accepted_at: string | null;
};

export type ApiTokensTable = {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
};

export type ResimsTable = {
  id: string;
  space_id: string;
  name: string;
  description: string;
  status: number;
  template_id: string | null;
  /** JSON of the scenario's content (SPEC 3) */
  document: string;
  /** increases with every saved change */
  revision: number;
  /** the join code learners type (DESIGN 6) */
  code: string | null;
  /** SPEC 9: 1 High, 2 Low, null none; a copy of the document's, for Home's list */
  priority: number | null;
  created_at: string;
  updated_at: string;
};

/** The certificate of a passed run, found by the code printed on it. */
export type CertificatesTable = {
  code: string;
  game_id: string;
  resim_id: string;
  /** what it certifies, as issued: the learner's name, the scenario's and the issuing space's */
  learner: string;
  scenario: string;
  space: string;
  points: number | null;
  /** the continuing-education credit the version played grants, in hours */
  credit_hours: number | null;
  passed_at: string;
  issued_at: string;
  revoked_at: string | null;
};

/** One saved revision of a scenario's content (version history). */
export type ScenarioVersionsTable = {
  resim_id: string;
  revision: number;
  /** 1: `body` is the whole content; 0: the patch from the revision before */
  is_snapshot: number;
  /** deflated JSON */
  body: Buffer;
  /** JSON: the items added, removed or changed and the other fields changed */
  changes: string;
  author_id: string | null;
  /** the author's name or email when saved */
  author: string;
  saved_at: string;
  name: string | null;
  /** the revision this save brought back */
  restored_from: number | null;
};

/** One learner's run of a scenario in one instance (a live session or a self-paced opening). */
export type GamesTable = {
  id: string;
  resim_id: string;
  instance_id: string;
  /** null for an anonymous learner */
  user_id: string | null;
  nickname: string;
  /** the nickname lower-cased, when the run claims it in its opening (unique there); null when it claims none */
  nickname_key: string | null;
  email: string | null;
  /** SHA-256 of the token an anonymous learner resumes with */
  run_token_hash: string | null;
  /** 1 for a run in Test Mode, kept out of learners' results */
  test: number;
  /** JSON of the engine's RunState, the fold of the events; null until the run starts */
  state: string | null;
  event_count: number;
  points: number | null;
  /** JSON of the engine's RunScore */
  score: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  updated_at: string;
};

/** The audit trail: every event of a run, in order. */
export type RunEventsTable = {
  game_id: string;
  seq: number;
  type: string;
  /** JSON of the event without its type and time */
  payload: string;
  at: string;
};

/** What a presenter said to every learner of a session. */
export type SessionMessagesTable = {
  id: string;
  resim_id: string;
  instance_id: string;
  /** the id the presenter's console gave it */
  message_id: string;
  title: string;
  message: string;
  created_at: string;
};

export type StageTemplatesTable = {
  id: string;
  owner_id: string;
  name: string;
  /** JSON: the stage with its actions and conclusions */
  document: string;
  created_at: string;
};

export type OidcPayloadsTable = {
  id: string;
  type: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** epoch seconds */
  expires_at: number | null;
  consumed_at: number | null;
};

export type SecretsTable = {
  name: string;
  value: string;
  created_at: string;
};

/** Every email, from queued to sent or failed: the delivery queue and what the console shows. */
export type OutboxTable = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'kept';
  attempts: number;
  /** when a queued message is due; while sending, when the claim lapses */
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  /** the claim of the worker sending it; a worker writes a result only under its own claim */
  claim_token: string | null;
  sender_id: string | null;
  space_id: string | null;
  template_name: string | null;
};

/** A file attached to an outbox message, in the order it is attached. */
export type EmailAttachmentsTable = {
  message_id: string;
  position: number;
  filename: string;
  content_type: string;
  /** of the content in bytes, for the outbox's list */
  size: number;
  content: Buffer;
};

/** An ended run whose report was emailed to its learner, and the message it went in. */
export type ReportEmailsTable = {
  game_id: string;
  message_id: string;
  queued_at: string;
};

/** A user's own version of a built-in email template, or a template of their own. */
export type EmailTemplatesTable = {
  id: string;
  owner_id: string;
  name: string;
  subject: string;
  content: string;
  /** null: derived from the HTML */
  text: string | null;
  created_at: string;
  updated_at: string;
};

export type PasswordResetsTable = {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** the address the link was emailed to; null when it was not (the command line prints it) */
  emailed_to: string | null;
};

export type SpaceLearnersTable = {
  space_id: string;
  /** normalised: trimmed, lower case */
  email: string;
  /** JSON array of tags */
  tags: string;
  created_at: string;
  updated_at: string;
  invited_at: string | null;
  reminded_at: string | null;
};

/** A learner's or a tag's accommodation in a space (untimed: 0 or 1). */
export type AccommodationsTable = {
  space_id: string;
  kind: 'learner' | 'tag';
  /** the learner's normalised email, or the tag */
  name: string;
  extra_percent: number;
  extra_minutes: number;
  untimed: number;
  window_minutes: number;
  updated_at: string;
};

/** An opening whose Stop let the runs still within their extra time go on: the next Stop ends them. */
export type SparedOpeningsTable = { resim_id: string; instance_id: string; spared_at: string };

export type AllocationsTable = {
  space_id: string;
  email: string;
  resim_id: string;
  created_at: string;
};

/** A space owner's billing customer; external_id is Stripe's customer id. */
export type BillingCustomersTable = {
  user_id: string;
  /** 'embedded' or 'stripe' */
  provider: string;
  external_id: string | null;
  created_at: string;
};

/** One subscription per plan; its quantity is the slots bought. */
export type BillingSubscriptionsTable = {
  id: string;
  user_id: string;
  /** 'engage', 'assess' or 'embed' */
  plan: string;
  quantity: number;
  status: string;
  /** Stripe's subscription id */
  external_id: string | null;
  updated_at: string;
};

/** A slot held in a space by an email; user_id is set when a space user holds it. */
export type SlotAllocationsTable = {
  space_id: string;
  email: string;
  user_id: string | null;
  /** SPEC 6 licence type: 1 FreePersonalSlot, 2 Engage, 3 Assess, 4 Embed */
  type: number;
  created_at: string;
};

export type LockedOpeningsTable = {
  resim_id: string;
  instance_id: string;
  locked_at: string;
};

export type UserMfaTable = {
  user_id: string;
  /** the TOTP secret, AES-256-GCM encrypted (see identity/mfa/mfa-keys.ts) */
  secret_encrypted: string;
  created_at: string;
  /** null while enrolment waits for the first code */
  enabled_at: string | null;
  /** the last accepted 30-second time step */
  last_step: number | null;
  failed_attempts: number;
  locked_until: string | null;
};

export type MfaRecoveryCodesTable = {
  user_id: string;
  /** HMAC of the code; the code itself is shown once */
  code_hash: string;
  used_at: string | null;
};

/** A sign-in whose password was right and which waits for the second factor. */
export type MfaChallengesTable = {
  interaction_id: string;
  user_id: string;
  expires_at: string;
};

/** A sign-in whose password was right, waiting for the code emailed to the user's unproved address. */
export type EmailConfirmationsTable = {
  interaction_id: string;
  user_id: string;
  /** sha256 of the user's id and the current code */
  code_hash: string;
  code_expires_at: string;
  /** codes typed against the current code */
  attempts: number;
  /** codes sent for this sign-in */
  sends: number;
  last_sent_at: string;
  expires_at: string;
};

/** SPEC 3 presenter view: a saved layout of a scenario's presenter display. */
export type PresenterViewsTable = {
  id: string;
  resim_id: string;
  name: string;
  /** JSON array of the panels shown */
  panels: string;
  /** 1: learners appear numbered, not by name */
  hide_names: number;
  theme: string;
  /** 1 for the one view the display shows when it names none */
  is_default: number;
  created_at: string;
  updated_at: string;
};

/** A server process holding learners' sockets, and when it last said it is alive. */
export type SocketServersTable = { id: string; seen_at: string };

/** A learner's socket to a run, held by a server process. */
export type RunConnectionsTable = { game_id: string; server_id: string; since: string };

/** A live event told to every process, kept a few minutes for those that missed it (see migration 0018). */
export type LiveEventsTable = { id: string; payload: string; created_at: number };

/** A Stripe event handled, by its id (see migration 0021). */
export type BillingWebhookEventsTable = { id: string; received_at: string };

/** Attempts counted in a window, shared by the processes on one database (see migration 0019). */
export type RateLimitsTable = { key: string; hits: number; reset_at: number };

/** The learners' flow as counts its steps add to (see migration 0012). */
export type FlowCountsTable = {
  resim_id: string;
  instance_id: string;
  /** 'action' | 'conclusion': learners per item (source ''); 'edge': steps from source ('' for the start) to target */
  kind: string;
  source: string;
  target: string;
  count: number;
};

/** A scenario exported as a SCORM package; the key it carries is kept as its hash (see migration 0025). */
export type ScormPackagesTable = {
  id: string;
  space_id: string;
  resim_id: string;
  version: '1.2' | '2004';
  key_hash: string;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
};

/** A run a learning platform launched, and the platform's learner it belongs to (see migration 0025). */
export type ExternalRunsTable = {
  game_id: string;
  resim_id: string;
  instance_id: string;
  /** 'scorm' | 'lti' */
  source: string;
  /** the package or the platform registration that launched it */
  source_id: string;
  /** the platform's id of its learner */
  learner_ref: string;
  created_at: string;
};

/** A space's learning record store (see migration 0024). */
export type SpaceLrsTable = { space_id: string; endpoint: string; key: string; secret: string; updated_at: string };

/** An xAPI statement of a run, queued for its space's learning record store (see migration 0024). */
export type XapiStatementsTable = {
  /** the statement's own id (a UUID), sent with it */
  id: string;
  space_id: string;
  game_id: string;
  /** the run's event it tells of */
  seq: number;
  verb: string;
  /** JSON of the statement, without its id */
  statement: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  claim_token: string | null;
  created_at: string;
};

/** A learning platform registered in a space (LTI 1.3): the issuer and the client id it gave this tool (see migration 0026). */
export type LtiPlatformsTable = {
  id: string;
  space_id: string;
  name: string;
  issuer: string;
  client_id: string;
  /** JSON array of the deployment ids launches may carry */
  deployment_ids: string;
  auth_login_url: string;
  token_url: string;
  jwks_url: string;
  /** 'console' | 'dynamic' */
  registered_by: string;
  created_at: string;
  updated_at: string;
};

/** A login under way: the state and nonce sent to the platform, used once. */
export type LtiLoginsTable = { state: string; nonce: string; platform_id: string; expires_at: string };

/** A course seen at launch, with its roster's address (Names and Role Provisioning). */
export type LtiContextsTable = {
  platform_id: string;
  context_id: string;
  title: string;
  memberships_url: string | null;
  updated_at: string;
};

/** Where a launched run's grade goes: the platform's user and gradebook column, as the latest launch said. */
export type LtiRunLinksTable = { game_id: string; platform_id: string; user_id: string; lineitem: string | null; updated_at: string };

/** A run's score queued for its platform's gradebook: one per run. */
export type LtiScoresTable = {
  game_id: string;
  space_id: string;
  platform_id: string;
  lineitem: string;
  /** JSON of the AGS score as the run's end made it, sent as it is at every attempt */
  score: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  claim_token: string | null;
  created_at: string;
};

export type Tables = {
  lti_platforms: LtiPlatformsTable;
  lti_logins: LtiLoginsTable;
  lti_contexts: LtiContextsTable;
  lti_run_links: LtiRunLinksTable;
  lti_scores: LtiScoresTable;
  space_lrs: SpaceLrsTable;
  xapi_statements: XapiStatementsTable;
  scorm_packages: ScormPackagesTable;
  external_runs: ExternalRunsTable;
  rate_limits: RateLimitsTable;
  live_events: LiveEventsTable;
  billing_webhook_events: BillingWebhookEventsTable;
  users: UsersTable;
  spaces: SpacesTable;
  space_members: SpaceMembersTable;
  api_tokens: ApiTokensTable;
  resims: ResimsTable;
  scenario_versions: ScenarioVersionsTable;
  certificates: CertificatesTable;
  games: GamesTable;
  run_events: RunEventsTable;
  session_messages: SessionMessagesTable;
  stage_templates: StageTemplatesTable;
  oidc_payloads: OidcPayloadsTable;
  secrets: SecretsTable;
  outbox: OutboxTable;
  email_attachments: EmailAttachmentsTable;
  report_emails: ReportEmailsTable;
  email_templates: EmailTemplatesTable;
  password_resets: PasswordResetsTable;
  space_learners: SpaceLearnersTable;
  allocations: AllocationsTable;
  accommodations: AccommodationsTable;
  spared_openings: SparedOpeningsTable;
  locked_openings: LockedOpeningsTable;
  user_mfa: UserMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  email_confirmations: EmailConfirmationsTable;
  presenter_views: PresenterViewsTable;
  flow_counts: FlowCountsTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  slot_allocations: SlotAllocationsTable;
  socket_servers: SocketServersTable;
  run_connections: RunConnectionsTable;
  uploads: UploadsTable;
};

/** A chunked upload under way (SPEC 7); the row goes when it is completed, aborted or swept. */
export type UploadsTable = {
  id: string;
  /** the store's own id of the multipart upload */
  upload_id: string;
  key: string;
  owner_id: string;
  file_name: string;
  /** the type declared at the start, which the content must bear out */
  file_type: string;
  /** the scenario property it is for, when named */
  prop: string | null;
  created_at: string;
};

export type UserRow = Selectable<UsersTable>;
export type AccommodationRow = Selectable<AccommodationsTable>;
export type NewUser = Insertable<UsersTable>;
export type SpaceRow = Selectable<SpacesTable>;
export type ResimRow = Selectable<ResimsTable>;
export type ScenarioVersionRow = Selectable<ScenarioVersionsTable>;
export type GameRow = Selectable<GamesTable>;
export type RunEventRow = Selectable<RunEventsTable>;
export type PresenterViewRow = Selectable<PresenterViewsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type SessionMessageRow = Selectable<SessionMessagesTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type EmailAttachmentRow = Selectable<EmailAttachmentsTable>;
export type SpaceLrsRow = Selectable<SpaceLrsTable>;
export type XapiStatementRow = Selectable<XapiStatementsTable>;
export type ScormPackageRow = Selectable<ScormPackagesTable>;
export type ExternalRunRow = Selectable<ExternalRunsTable>;
export type NewXapiStatementRow = Insertable<XapiStatementsTable>;
export type LtiPlatformRow = Selectable<LtiPlatformsTable>;
export type LtiScoreRow = Selectable<LtiScoresTable>;
export type NewLtiScoreRow = Insertable<LtiScoresTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type NewPasswordResetRow = Insertable<PasswordResetsTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
export type SpaceLearnerRow = Selectable<SpaceLearnersTable>;
export type AllocationRow = Selectable<AllocationsTable>;
