import type { Intel, IntelQuery } from '@resim/contracts';
import { formatMeasureFigure } from '@resim/domain';

export const filterNames = ['space', 'resim', 'from', 'to', 'by'] as const;

/** The filters in the page's address, the ones not given left out. */
export const filtersOf = (params: URLSearchParams): IntelQuery =>
  Object.fromEntries(filterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));

/** A share from 0 to 1 as a whole percentage; a dash when there is nothing to share. */
export const formatRate = (rate: number | null): string => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

/** 2025-03-04 as "4 Mar" on a chart's axis. */
export const formatDay = (day: string): string =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A measure's figure in its own terms: money in the scenario's currency, time in its unit. */
export const inUnits = (measure: Intel['measures'][number], value: number): string =>
  formatMeasureFigure(measure.type, value, { currency: measure.currency, timeUnit: measure.timeUnit });
