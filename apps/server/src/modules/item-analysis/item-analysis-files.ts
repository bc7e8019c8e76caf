import type { ItemAnalysisResponse } from '@resim/contracts';
import { toCsv } from '../../lib/csv';
import type { ScoreboardTable } from '../space-scoreboard/scoreboard-files';

/**
 * The item analysis as one table, for the CSV and the XLSX alike: a row per item, then the whole
 * test's figures; a figure that cannot be given is left empty with its reason beside it.
 */
export const itemAnalysisTable = (analysis: ItemAnalysisResponse): ScoreboardTable => {
  const reasons = (item: ItemAnalysisResponse['items'][number]) =>
    [item.facility.reason, item.pointBiserial.reason, item.upperLower.reason].filter((reason) => reason !== null).join('; ');
  const figure = (label: string, statistic: ItemAnalysisResponse['kr20']) => [
    label,
    '',
    statistic.value,
    null,
    null,
    '',
    statistic.reason ?? '',
  ];
  return {
    title: 'Item analysis',
    header: ['item', 'kind', 'facility', 'point_biserial', 'upper_lower', 'flags', 'note'],
    labels: ['Item', 'Kind', 'Facility', 'Point-biserial (corrected)', 'Upper–lower (27 %)', 'Flags', 'Note'],
    kinds: ['text', 'text', 'number', 'number', 'number', 'text', 'text'],
    rows: [
      ...analysis.items.map((item) => [
        item.name,
        item.kind,
        item.facility.value,
        item.pointBiserial.value,
        item.upperLower.value,
        item.flags.join('; '),
        reasons(item),
      ]),
      ['Learners', '', analysis.learners, null, null, '', ''],
      ['Openings', '', analysis.openings, null, null, '', analysis.revision === null ? '' : `revision ${analysis.revision}`],
      figure('KR-20', analysis.kr20),
      figure('Standard error of measurement', analysis.standardError),
    ],
  };
};

export const itemAnalysisCsv = (table: ScoreboardTable): string => toCsv(table.header, table.rows);
