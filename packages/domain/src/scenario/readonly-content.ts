import type { ScenarioContent } from './schema';

/** Read-only view of a value, so rules can take content without being able to change it. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer E)[]
    ? readonly DeepReadonly<E>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** Scenario content as the rules read it: mutable and frozen content are both accepted. */
export type ReadonlyContent = DeepReadonly<ScenarioContent>;
