import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the queries that a piece of work runs and the rows they read: only its own, followed
 * through its async calls, not those of the server's background work meanwhile (the outbox's
 * polling, presence beats).
 */
export const queryCounter = () => {
  const within = new AsyncLocalStorage<{ queries: number; rows: number }>();
  /** a table whose selects are being counted, whoever runs them; only those with `part` when given */
  let watched: { table: string; part?: string; selects: number } | null = null;
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      const counts = within.getStore();
      if (counts) counts.queries += 1;
      if (watched && args.node.kind === 'SelectQueryNode') {
        const node = JSON.stringify(args.node);
        if (node.includes(`"name":"${watched.table}"`) && (watched.part === undefined || node.includes(watched.part))) watched.selects += 1;
      }
      return args.node;
    },
    transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      const counts = within.getStore();
      if (counts) counts.rows += args.result.rows.length;
      return Promise.resolve(args.result);
    },
  };
  const measure = async (work: () => Promise<unknown>) => {
    const counts = { queries: 0, rows: 0 };
    await within.run(counts, work);
    return counts;
  };
  /**
   * How many selects read `table` while `work` ran (a socket's work is not followed by measure);
   * with `part`, only those whose query holds it (a kysely node kind such as `LimitNode`).
   */
  const selectsFrom = async (table: string, work: () => Promise<unknown>, part?: string) => {
    const counting = { table, part, selects: 0 };
    watched = counting;
    try {
      await work();
    } finally {
      watched = null;
    }
    return counting.selects;
  };
  return { plugin, measure, selectsFrom };
};
