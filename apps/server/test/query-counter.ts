import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the queries that a piece of work runs and the rows they read: only its own, followed
 * through its async calls, not those of the server's background work meanwhile (the outbox's
 * polling, presence beats).
 */
export const queryCounter = () => {
  const within = new AsyncLocalStorage<{ queries: number; rows: number }>();
  /** a table whose selects are being counted, whoever runs them */
  let watched: { table: string; selects: number } | null = null;
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      const counts = within.getStore();
      if (counts) counts.queries += 1;
      if (watched && args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes(`"name":"${watched.table}"`))
        watched.selects += 1;
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
  /** How many selects read `table` while `work` ran (a socket's work is not followed by measure). */
  const selectsFrom = async (table: string, work: () => Promise<unknown>) => {
    const counting = { table, selects: 0 };
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
