import type { IntelQuery } from '@resim/contracts';

export const filterNames = ['space', 'resim', 'from', 'to', 'by'] as const;

/** The filters in the page's address, the ones not given left out. */
export const filtersOf = (params: URLSearchParams): IntelQuery =>
  Object.fromEntries(filterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));

/** A share from 0 to 1 as a whole percentage; a dash when there is nothing to share. */
export const formatRate = (rate: number | null): string => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

/** A figure with at most two decimals, as people read them. */
export const formatFigure = (value: number): string => value.toLocaleString('en', { maximumFractionDigits: 2 });

/** 2025-03-04 as "4 Mar" on a chart's axis. */
export const formatDay = (day: string): string =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
