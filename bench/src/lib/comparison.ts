/** The product beside the bare echo server (or any two sides), as a Markdown table: each row's figure for both, and their ratio where it means something. */
import { times } from './format';

/** A row: its label, how one side's figure is shown, and the value whose product / echo ratio is shown (none: no ratio). */
export type Row<T> = readonly [label: string, show: (side: T) => string, value?: (side: T) => number | undefined];

/** The two sides' column headings and the ratio's, by default the product's and the echo's. */
const productAndEcho = ['product', 'bare ws (echo)', 'product / echo'] as const;

export const comparisonTable = <T>(
  rows: readonly Row<T>[],
  product: T,
  echo: T,
  [first, second, ratio]: readonly [string, string, string] = productAndEcho,
) =>
  [
    `| | ${first} | ${second} | ${ratio} |`,
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      ([label, show, value]) => `| ${label} | ${show(product)} | ${show(echo)} | ${value ? times(value(product), value(echo)) : ''} |`,
    ),
  ].join('\n');

/** Rows of a part (`pick`) shown in a table of the whole. */
export const rowsOf = <T, U>(rows: readonly Row<U>[], pick: (side: T) => U): Row<T>[] =>
  rows.map(([label, show, value]): Row<T> => [label, (side) => show(pick(side)), value && ((side) => value(pick(side)))]);
