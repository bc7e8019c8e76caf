/** One key per server resource, shared by the screens that read or change it. */
export const queryKeys = {
  spaces: ['spaces'] as const,
  resims: ['resims'] as const,
  /** every scenario's window and openings, for the Schedule page */
  schedule: ['schedule'] as const,
  /** one scenario as the editor opens it (taken once, see editor-data) */
  resim: (resimId: string) => ['resim', resimId] as const,
  /** a scenario's content as the Monitoring page names its items (apart from the editor's, which is taken once) */
  resimContent: (resimId: string) => ['resim', resimId, 'content'] as const,
  /** the learners' runs of a scenario, polled while a session is on */
  /** the results of a scenario: its openings (polled), one opening's scoreboard (polled), the audit trail */
  dashboard: (resimId: string) => ['resim', resimId, 'dashboard'] as const,
  scoreboard: (resimId: string, instanceId: string) => ['resim', resimId, 'scoreboard', instanceId] as const,
  flow: (resimId: string, instanceId: string | null) => ['resim', resimId, 'flow', instanceId ?? 'all'] as const,
  itemAnalysis: (resimId: string, scope: string) => ['resim', resimId, 'item-analysis', scope] as const,
  audit: (resimId: string, instanceId: string | null = null) => ['resim', resimId, 'audit', instanceId ?? 'all'] as const,
  /** one learner's run, step by step */
  run: (resimId: string, gameId: string) => ['resim', resimId, 'run', gameId] as const,
  /** the presenter display of an opening, polled */
  presenter: (resimId: string, instance: string, view: string | null = null) =>
    ['resim', resimId, 'presenter', instance, view ?? 'default'] as const,
  /** the scenario's saved presenter views */
  presenterViews: (resimId: string) => ['resim', resimId, 'presenter-views'] as const,
  /** a space's learners, each with the scenarios allocated to them */
  learners: (spaceId: string) => ['space', spaceId, 'learners'] as const,
  /** a space's owner, members and those a sign-in group gives it */
  spaceUsers: (spaceId: string) => ['space', spaceId, 'users'] as const,
  spaceLrs: (spaceId: string) => ['space', spaceId, 'lrs'] as const,
  scormPackages: (resimId: string) => ['resim', resimId, 'scorm'] as const,
  runStatements: (spaceId: string, runId: string) => ['space', spaceId, 'lrs', 'run', runId] as const,
  spaceLti: (spaceId: string) => ['space', spaceId, 'lti'] as const,
  runGrade: (spaceId: string, runId: string) => ['space', spaceId, 'lti', 'run', runId] as const,
  /** a space's scoreboard: what it can show, and its results in a mode */
  spaceScoreboardAvailable: (spaceId: string) => ['space', spaceId, 'scoreboard', 'available'] as const,
  spaceScoreboard: (spaceId: string, mode: string) => ['space', spaceId, 'scoreboard', mode] as const,
  /** the learners active now and recently (Monitoring), of one scenario or all */
  clients: (resimId: string | null) => ['clients', resimId ?? 'all'] as const,
  /** Intel's figures for the filters given */
  intel: (filters: Readonly<Record<string, string | undefined>>) => ['intel', filters] as const,
  /** the billing owner's customer: plans, subscriptions, slots and their allocations */
  billingCustomer: ['billing', 'customer'] as const,
  templates: ['templates'] as const,
  stageTemplates: ['stage-templates'] as const,
  emailTemplates: ['email-templates'] as const,
  emailTemplate: (name: string) => ['email-templates', name] as const,
  /** every page of the outbox, by the status shown */
  outbox: (status: string) => ['outbox', status] as const,
  userMetadata: ['user', 'metadata'] as const,
  userAuth: ['user', 'auth'] as const,
  tokens: ['user', 'tokens'] as const,
  /** how the server is set up: its issuer, whether it is the embedded one */
  webConfig: ['config'] as const,
  mfa: ['user', 'mfa'] as const,
  /** a signed-in person's scenarios to play and their results (the assessment page) */
  learnerScenarios: ['learn', 'mine'] as const,
};
