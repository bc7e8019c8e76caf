import { CompiledQuery, type Compilable } from 'kysely';
import type { Database } from './database';

type Prepared<Row> = { sql: string; slots: ({ arg: number } | { value: unknown })[]; query: CompiledQuery<Row>['query'] };

const placeholder = (index: number): string => `\u0000arg:${index}\u0000`;

/**
 * A query built and compiled once per database, then run with new parameters: building a Kysely
 * tree costs more than running a small query, which matters on paths every page load takes.
 * `build` gets placeholder strings and must use them only as query parameters.
 */
export const preparedQuery = <Args extends string[], Row>(build: (db: Database, ...args: Args) => Compilable<Row>) => {
  const byDatabase = new WeakMap<Database, Prepared<Row>>();
  const prepare = (db: Database, arity: number): Prepared<Row> => {
    const placeholders = Array.from({ length: arity }, (_, index) => placeholder(index)) as Args;
    const compiled = build(db, ...placeholders).compile();
    return {
      sql: compiled.sql,
      query: compiled.query,
      slots: compiled.parameters.map((value) => {
        const arg = placeholders.indexOf(value as string);
        return arg >= 0 ? { arg } : { value };
      }),
    };
  };
  return async (db: Database, ...args: Args): Promise<Row[]> => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db, args.length);
      byDatabase.set(db, prepared);
    }
    const parameters = prepared.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const query = CompiledQuery.raw(prepared.sql, parameters);
    return (await db.executeQuery<Row>({ ...query, query: prepared.query })).rows;
  };
};
