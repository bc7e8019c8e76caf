import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text';
import { compileEmailTemplate } from './render-template';
import { builtInTemplates, findBuiltInTemplate, sampleData } from './template-catalogue';

describe('compileEmailTemplate', () => {
  it('escapes values in the HTML part only', () => {
    const render = compileEmailTemplate({ subject: 'For {{name}}', content: '<p>{{name}}</p>', text: 'Dear {{name}}' });
    expect(render({ name: 'Ann & <Bob>' })).toEqual({
      subject: 'For Ann & <Bob>',
      html: '<p>Ann &amp; &lt;Bob&gt;</p>',
      text: 'Dear Ann & <Bob>',
    });
  });

  it('writes values side by side as text, numbers included', () => {
    const render = compileEmailTemplate({ subject: '{{a}}{{b}}', content: '{{{a}}}{{{b}}}', text: '{{a}}{{b}}' });
    expect(render({ a: 1, b: 2 })).toEqual({ subject: '12', html: '12', text: '12' });
  });

  it('keeps the subject to one line whatever the data holds', () => {
    const render = compileEmailTemplate({ subject: 'Hi {{name}}', content: '', text: null });
    expect(render({ name: 'Ann\r\nBcc: eve@example.com' }).subject).toBe('Hi Ann Bcc: eve@example.com');
  });

  it('derives the text part from the HTML when the template has none', () => {
    const render = compileEmailTemplate({
      subject: 's',
      content: '<p>Hello {{name}},</p><p>Sign in: <a href="{{url}}">{{url}}</a> or <a href="{{url}}">here</a></p>',
      text: null,
    });
    expect(render({ name: 'Ann & co', url: 'https://x.test/?a=1&b=2' }).text).toBe(
      'Hello Ann & co,\n\nSign in: https://x.test/?a=1&b=2 or here (https://x.test/?a=1&b=2)',
    );
  });

  it('reads no property of the data that is not its own', () => {
    const render = compileEmailTemplate({ subject: '{{constructor.name}}', content: '{{__proto__}}', text: null });
    expect(render({})).toMatchObject({ subject: '', html: '' });
  });

  it('renders a built-in template from its sample data', () => {
    const reminder = findBuiltInTemplate('learner-reminder')!;
    const rendered = compileEmailTemplate(reminder)(sampleData('learner-reminder'));
    expect(rendered.subject).toBe('Reminder: simulations are waiting for you in Cardiology 2025');
    expect(rendered.html).toContain('<li>Chest pain</li><li>Shortness of breath</li>');
    expect(rendered.text).toContain('- Chest pain\n- Shortness of breath');

    const learner = compileEmailTemplate(findBuiltInTemplate('learner-invitation')!);
    expect(learner(sampleData('learner-invitation')).text).toContain('Sign in here to see your simulations: https://resim.example.com/');
    const space = compileEmailTemplate(findBuiltInTemplate('space-invitation')!);
    expect(space(sampleData('space-invitation')).text).toContain('Sign in here: https://resim.example.com/');
  });

  it('renders the run report’s email with its result, and without one when the scenario sets no pass mark', () => {
    const render = compileEmailTemplate(findBuiltInTemplate('run-report')!);
    const rendered = render(sampleData('run-report'));
    expect(rendered.subject).toBe('Your report of Chest pain');
    expect(rendered.text).toContain(
      'lee@example.com has sent you the report of your run of Chest pain in Cardiology 2025, which ended 7 December 2026 at 14:05 UTC.',
    );
    expect(rendered.html).toContain('<p>Result: <strong>Passed</strong></p>');
    const unmarked = render({ ...sampleData('run-report'), result: '' });
    expect(unmarked.html).not.toContain('Result:');
    expect(unmarked.text).toContain('The report is attached to this email as a PDF');
  });

  it('renders every built-in template the same whether or not the recipient has a password', () => {
    // Their sender and the space's members read them in the outbox: none says anything of the account.
    for (const template of builtInTemplates) {
      expect(
        template.variables.map((v) => v.name),
        template.name,
      ).not.toContain('newAccount');
      const render = compileEmailTemplate(template);
      const data = sampleData(template.name);
      expect(render({ ...data, newAccount: true }), template.name).toEqual(render({ ...data, newAccount: false }));
    }
  });
});

describe('htmlToText', () => {
  it('drops what is not shown, keeps breaks and lists, and decodes entities', () => {
    expect(
      htmlToText(
        '<html><head><title>t</title><style>p{}</style></head><body><!-- c --><h1>Title</h1>a<br>b &#x3D; &#61;&nbsp;&quot;c&quot;<ul><li>one</li><li>two</li></ul></body></html>',
      ),
    ).toBe('Title\n\na\nb = = "c"\n\n- one\n- two');
  });
});
