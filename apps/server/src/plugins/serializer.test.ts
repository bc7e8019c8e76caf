import { gameSnapshot, space, userAuth } from '@resim/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullableForSerializer, responseSerializerCompiler } from './serializer';

const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });

describe('response serializer', () => {
  it('writes only the fields the response schema declares', () => {
    const stringify = compile(userAuth);
    const row = {
      id: 'u1',
      email: 'a@example.test',
      name: null,
      groups: ['lab'],
      isDeveloper: false,
      isLearner: false,
      password_hash: 'secret',
    };
    expect(JSON.parse(stringify(row))).toEqual({
      id: 'u1',
      email: 'a@example.test',
      name: null,
      groups: ['lab'],
      isDeveloper: false,
      isLearner: false,
    });
  });

  it('follows nested and shared schemas', () => {
    const stringify = compile(z.array(space));
    const listed = [
      {
        id: 's',
        description: 'd',
        owner: 'o',
        isOwner: true,
        created: 'c',
        security: { canMove: true, canClone: false, canEdit: true, canDelete: true, extra: 1 },
      },
    ];
    expect(JSON.parse(stringify(listed))).toEqual([
      { ...listed[0], security: { canMove: true, canClone: false, canEdit: true, canDelete: true } },
    ]);
  });

  it('writes nullable objects, integers and named schemas with a null check, not by trying each with a validator', () => {
    const named = z.object({ at: z.number() }).meta({ id: 'Moment' });
    const schema = z.object({
      moment: named.nullable(),
      place: z.object({ x: z.number() }).nullable(),
      count: z.number().int().nullable(),
      either: z.union([z.literal('all'), z.array(z.string())]),
    });
    const written = JSON.stringify(nullableForSerializer(z.toJSONSchema(schema, { io: 'output' })));
    // Only the true union is left to the validator.
    expect(written.match(/anyOf/g)).toHaveLength(1);
    expect(written).toContain('"nullable":true');
    const stringify = compile(schema);
    expect(JSON.parse(stringify({ moment: null, place: null, count: null, either: 'all' }))).toEqual({
      moment: null,
      place: null,
      count: null,
      either: 'all',
    });
    expect(JSON.parse(stringify({ moment: { at: 5, extra: 1 }, place: { x: 2 }, count: 3, either: ['a'] }))).toEqual({
      moment: { at: 5 },
      place: { x: 2 },
      count: 3,
      either: ['a'],
    });
  });

  it("leaves nothing for the validator in a run's snapshot", () => {
    const written = JSON.stringify(nullableForSerializer(z.toJSONSchema(gameSnapshot, { io: 'output' })));
    expect(written).not.toMatch(/anyOf|oneOf/);
  });
});
