import { maxLearnersPerRequest } from '@resim/contracts';
import { describe, expect, it } from 'vitest';
import { duplicatesOf, readLearnerImport } from './learner-import';

describe('readLearnerImport', () => {
  it('reads one email per line, normalised, skipping blank lines', () => {
    const read = readLearnerImport('Ann@Example.test\n\n  bob@example.test  \n');
    expect(read.learners).toEqual([
      { email: 'ann@example.test', tags: [], lines: [1] },
      { email: 'bob@example.test', tags: [], lines: [3] },
    ]);
    expect(read.problems).toEqual([]);
    expect(read.headerSkipped).toBe(false);
  });

  it('reads "email, tag1; tag2" lines, with ; or | between tags', () => {
    const read = readLearnerImport('ann@example.test, night; week 1\nbob@example.test,a|b;\n');
    expect(read.learners.map(({ email, tags }) => ({ email, tags }))).toEqual([
      { email: 'ann@example.test', tags: ['night', 'week 1'] },
      { email: 'bob@example.test', tags: ['a', 'b'] },
    ]);
  });

  it('recognises and skips a header row, finding the columns by name', () => {
    const read = readLearnerImport('\uFEFFName,E-mail,Tags\r\n"Doe, Ann",ann@example.test,lead\r\nBob,bob@example.test,\r\n');
    expect(read.headerSkipped).toBe(true);
    expect(read.learners.map(({ email, tags, lines }) => ({ email, tags, lines }))).toEqual([
      { email: 'ann@example.test', tags: ['lead'], lines: [2] },
      { email: 'bob@example.test', tags: [], lines: [3] },
    ]);
  });

  it('reads quoted cells, with commas and line breaks inside, keeping line numbers right', () => {
    const read = readLearnerImport('email,tags\n"ann@example.test","a, b;c"\n"bob@example.test","x\ny"\nnot-an-email\n');
    expect(read.learners.map(({ email, tags }) => ({ email, tags }))).toEqual([
      { email: 'ann@example.test', tags: ['a, b', 'c'] },
      { email: 'bob@example.test', tags: ['x\ny'] },
    ]);
    expect(read.problems).toEqual([{ line: 5, content: 'not-an-email', reason: '“not-an-email” is not an email address' }]);
  });

  it('reads cells copied from a spreadsheet, with tabs between them', () => {
    expect(readLearnerImport('ann@example.test\tlead;night').learners[0]?.tags).toEqual(['lead', 'night']);
  });

  it('takes the address out of "Name <address>"', () => {
    expect(readLearnerImport('Ann Doe <Ann@Example.test>').learners[0]?.email).toBe('ann@example.test');
  });

  it('names each bad line with its number, its content and why', () => {
    const text = [
      'ann@example.test',
      'not an email',
      ', lonely-tag',
      `bob@example.test, ${'x'.repeat(41)}`,
      'cy@example.test, a, b',
      'dee@example.test, eve@example.test',
      `fay@example.test, ${Array.from({ length: 19 }, (_, at) => `t${at}`).join(';')}`,
    ].join('\n');
    const read = readLearnerImport(text, ['everyone', 'cohort']);
    expect(read.learners.map((learner) => learner.email)).toEqual(['ann@example.test']);
    expect(read.problems.map(({ line, reason }) => [line, reason])).toEqual([
      [2, '“not an email” is not an email address'],
      [3, 'no email address (the email is empty)'],
      [4, `tag “${'x'.repeat(41)}”: a tag has at most 40 characters`],
      [5, '3 columns: expected an email and its tags, with tags separated by ; or |'],
      [6, 'two email addresses on one line: put each on a line of its own'],
      [7, 'too many tags: 21 with the tags for everyone, at most 20 per learner'],
    ]);
    expect(read.problems[1]?.content).toBe(', lonely-tag');
  });

  it('reads an accommodation column named in the header, in any case, also as "extra time"', () => {
    const none = { extraPercent: 0, extraMinutes: 0, untimed: false, windowMinutes: 0 };
    const read = readLearnerImport(
      'Email,Tags,ACCOMMODATION\nann@example.test,a,50%\nbob@example.test,,25 min; window 2h\ncy@example.test,,untimed\ndee@example.test,b,\n',
    );
    expect(read.problems).toEqual([]);
    expect(read.learners.map(({ email, accommodation }) => ({ email, accommodation }))).toEqual([
      { email: 'ann@example.test', accommodation: { ...none, extraPercent: 50 } },
      { email: 'bob@example.test', accommodation: { ...none, extraMinutes: 25, windowMinutes: 120 } },
      { email: 'cy@example.test', accommodation: { ...none, untimed: true } },
      { email: 'dee@example.test', accommodation: undefined },
    ]);
    expect(readLearnerImport('email,extra time\nann@example.test,+10 %').learners[0]?.accommodation).toEqual({ ...none, extraPercent: 10 });
  });

  it('names a bad accommodation cell by its line, and one email given two accommodations', () => {
    const read = readLearnerImport(
      'email,accommodation\nann@example.test,lots\nbob@example.test,500%\ncy@example.test,10 min\ncy@example.test,20 min\n',
    );
    expect(read.learners.map((learner) => learner.email)).toEqual(['cy@example.test']);
    expect(read.problems.map(({ line, reason }) => [line, reason])).toEqual([
      [2, 'accommodation: “lots” is not an accommodation: write 50%, 25 min, untimed or window 2h, joined by ;'],
      [3, 'accommodation: extraPercent must be a whole number from 0 to 300'],
      [5, 'another accommodation than line 4 of the same email'],
    ]);
  });

  it('merges an email named twice, in any case, into one learner with the tags of both lines', () => {
    const read = readLearnerImport('ann@example.test, a\nbob@example.test\nANN@example.test, b\n');
    expect(read.learners).toEqual([
      { email: 'ann@example.test', tags: ['a', 'b'], lines: [1, 3] },
      { email: 'bob@example.test', tags: [], lines: [2] },
    ]);
    expect(duplicatesOf(read).map((learner) => learner.email)).toEqual(['ann@example.test']);
  });

  it('reads 10,000 lines with their problems, and says when a list is more than one request may add', () => {
    const lines = Array.from({ length: 10_000 }, (_, at) =>
      at % 1000 === 999 ? `bad line ${at}` : `learner${at}@example.test, cohort${at % 7}`,
    );
    const read = readLearnerImport(['email,tags', ...lines].join('\n'));
    expect(read.learners).toHaveLength(9_990);
    expect(read.learners.at(-1)).toEqual({ email: 'learner9998@example.test', tags: ['cohort2'], lines: [10_000] });
    expect(read.problems).toHaveLength(10);
    expect(read.problems[0]).toMatchObject({ line: 1001, content: 'bad line 999' });
    expect(read.problems.at(-1)).toMatchObject({ line: 10_001, content: 'bad line 9999' });
    expect(read.tooMany).toBe(false);

    const over = Array.from({ length: maxLearnersPerRequest + 1 }, (_, at) => `l${at}@example.test`).join('\n');
    expect(readLearnerImport(over).tooMany).toBe(true);
  });
});
