import { space, userAuth } from '@resim/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer';

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
});
