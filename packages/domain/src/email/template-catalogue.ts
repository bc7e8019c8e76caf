/**
 * SPEC 2 and 7: email templates. The built-in templates every user has, and the variables a
 * template may use; a user's saved version of a built-in replaces its default for them.
 */

export type TemplateVariable = {
  readonly name: string;
  readonly description: string;
  /** what the preview and a test send show when no value is given */
  readonly sample: unknown;
  /** a link into the product: its path, which a test send puts under the product's own address */
  readonly linkPath?: string;
};

const variable = (name: string, description: string, sample: unknown, linkPath?: string): TemplateVariable => ({
  name,
  description,
  sample,
  ...(linkPath === undefined ? {} : { linkPath }),
});

/** Filled in by the server for every email, whatever the caller gives. */
const automaticVariables: readonly TemplateVariable[] = [
  variable('productName', 'The name of the product', 'Resim'),
  variable('recipientEmail', 'The address the email is sent to', 'ann@example.com'),
];

const spaceName = variable('spaceName', 'The name of the space', 'Cardiology 2025');
const senderEmail = variable('senderEmail', 'The email of the person who sent it', 'lee@example.com');
const signInUrl = variable('signInUrl', 'Where the recipient signs in', 'https://resim.example.com/', '/');
const scenarios = variable('scenarios', 'The names of the scenarios waiting for the learner', ['Chest pain', 'Shortness of breath']);
const scenarioName = variable('scenarioName', 'The name of the scenario', 'Chest pain');
const endedAt = variable('endedAt', 'When the learner’s run ended', '7 December 2026 at 14:05 UTC');
const result = variable('result', 'The pass mark’s verdict: "Passed" or "Not passed"; empty when the scenario sets none', 'Passed');

export type BuiltInTemplate = {
  readonly name: string;
  /** what it is sent for, shown in the console */
  readonly purpose: string;
  readonly subject: string;
  readonly content: string;
  /** null: the text part is derived from the HTML */
  readonly text: string | null;
  /** beside the automatic ones */
  readonly variables: readonly TemplateVariable[];
};

/**
 * The sender and the space's members may read a space's emails in the outbox, so none of the
 * templates below says anything of the recipient's account: one with no password yet is sent the
 * link to choose it in an email of its own.
 */
const signInParagraph = '<p>Sign in here: <a href="{{signInUrl}}">{{signInUrl}}</a></p>';

export const builtInTemplates: readonly BuiltInTemplate[] = [
  {
    name: 'learner-invitation',
    purpose: 'Sent to learners added to a space when they are to be notified',
    subject: 'You are invited to {{spaceName}} in {{productName}}',
    content: [
      '<p>Hello,</p>',
      '<p>{{senderEmail}} has invited you to take part in the simulations of <strong>{{spaceName}}</strong> in {{productName}}.</p>',
      '<p>Sign in here to see your simulations: <a href="{{signInUrl}}">{{signInUrl}}</a></p>',
    ].join('\n'),
    text: null,
    variables: [spaceName, senderEmail, signInUrl],
  },
  {
    name: 'learner-reminder',
    purpose: 'Sent to learners reminded of the simulations allocated to them',
    subject: 'Reminder: simulations are waiting for you in {{spaceName}}',
    content: [
      '<p>Hello,</p>',
      '<p>{{senderEmail}} reminds you that these simulations of <strong>{{spaceName}}</strong> in {{productName}} are waiting for you:</p>',
      '<ul>{{#each scenarios}}<li>{{this}}</li>{{/each}}</ul>',
      '<p>Sign in here: <a href="{{signInUrl}}">{{signInUrl}}</a></p>',
    ].join('\n'),
    text: null,
    variables: [spaceName, senderEmail, signInUrl, scenarios],
  },
  {
    name: 'space-invitation',
    purpose: 'Sent to a user added to a space',
    subject: 'You have been added to "{{spaceName}}" in {{productName}}',
    content: [
      '<p>Hello,</p>',
      '<p>{{senderEmail}} has added you to the space <strong>{{spaceName}}</strong> in {{productName}}.</p>',
      signInParagraph,
    ].join('\n'),
    text: null,
    variables: [spaceName, senderEmail, signInUrl],
  },
  {
    name: 'space-owner',
    purpose: 'Sent to the new owner of a space handed over to them',
    subject: 'You now own "{{spaceName}}" in {{productName}}',
    content: [
      '<p>Hello,</p>',
      '<p>{{senderEmail}} has handed the space <strong>{{spaceName}}</strong> in {{productName}} over to you: you are now its owner.</p>',
      signInParagraph,
    ].join('\n'),
    text: null,
    variables: [spaceName, senderEmail, signInUrl],
  },
  {
    name: 'run-report',
    purpose: 'Sent to a learner with the report of their run attached',
    subject: 'Your report of {{scenarioName}}',
    content: [
      '<p>Hello,</p>',
      '<p>{{senderEmail}} has sent you the report of your run of <strong>{{scenarioName}}</strong> in {{spaceName}}, which ended {{endedAt}}.</p>',
      '{{#if result}}<p>Result: <strong>{{result}}</strong></p>{{/if}}',
      '<p>The report is attached to this email as a PDF: every step you took, what it revealed, and how the run was scored.</p>',
      signInParagraph,
    ].join('\n'),
    text: null,
    variables: [scenarioName, spaceName, endedAt, result, senderEmail, signInUrl],
  },
];

export const findBuiltInTemplate = (name: string): BuiltInTemplate | undefined => builtInTemplates.find((t) => t.name === name);

const byName = (list: readonly TemplateVariable[]): TemplateVariable[] => [...new Map(list.map((v) => [v.name, v])).values()];

/** Every variable some built-in template documents: what a custom template may use. */
export const allTemplateVariables: readonly TemplateVariable[] = byName([
  ...automaticVariables,
  ...builtInTemplates.flatMap((template) => template.variables),
]);

/** The variables a template of this name may use: a built-in's own, or all of them for a custom one. */
export const variablesOfTemplate = (name: string): readonly TemplateVariable[] => {
  const builtIn = findBuiltInTemplate(name);
  return builtIn ? [...automaticVariables, ...builtIn.variables] : allTemplateVariables;
};

/** The sample values of a template's variables, for its preview and test sends. */
export const sampleData = (name: string): Record<string, unknown> =>
  Object.fromEntries(variablesOfTemplate(name).map((v) => [v.name, v.sample]));

/**
 * The data of a test send: the given data over the sample data. A test goes to a real inbox, so
 * each link into the product that still holds its sample value points at the product's own
 * address (publicUrl) instead of the sample's host.
 */
export const testSendData = (name: string, given: Readonly<Record<string, unknown>>, publicUrl: string): Record<string, unknown> => {
  const data = { ...sampleData(name), ...given };
  for (const v of variablesOfTemplate(name)) {
    if (v.linkPath !== undefined && data[v.name] === v.sample) data[v.name] = `${publicUrl}${v.linkPath}`;
  }
  return data;
};
