import type { RunReport } from './report-model';

const margin = 56;
const grey = '#555555';

/**
 * The report as a PDF (A4, the standard Helvetica): the case and the learner, the score, every
 * step with when it was taken and what it revealed, the measures at the end and the answer key's
 * verdicts. Made in memory: a report is a few kilobytes.
 */
export const reportPdf = async (report: RunReport, made: Date): Promise<Buffer> => {
  // Loaded on the first report, not at start, as the other SDKs only some installations use.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin,
      info: { Title: `${report.title}: report of ${report.learner}`, Author: 'Resim', CreationDate: made },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const heading = (text: string) => {
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('black').text(text).moveDown(0.3);
      doc.font('Helvetica').fontSize(10);
    };
    const line = (label: string, value: string) =>
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);

    doc.font('Helvetica-Bold').fontSize(18).text(report.title);
    doc.font('Helvetica').fontSize(10).fillColor(grey).text('Learner report').fillColor('black').moveDown(0.6);
    line('Learner', report.learner);
    if (report.started) line('Started', report.started);
    if (report.ended) line('Ended', report.ended);
    line('Points', report.points);
    line('Rank', report.rank);
    if (report.revision !== null) line('Version', `revision ${report.revision}`);
    if (report.result) {
      doc
        .font('Helvetica-Bold')
        .text('Result: ', { continued: true })
        .fillColor(report.result.passed ? '#1b7f3b' : '#b42318')
        .text(report.result.passed ? 'Passed' : 'Not passed')
        .fillColor('black')
        .font('Helvetica');
      for (const reason of report.result.reasons) doc.text(`- ${reason}`, { indent: 14 });
    }
    if (report.description.trim() !== '') {
      heading('The case');
      doc.text(report.description.trim());
    }

    heading('Steps');
    if (report.steps.length === 0) doc.fillColor(grey).text('No steps were taken.').fillColor('black');
    report.steps.forEach((step, index) => {
      doc.font('Helvetica-Bold').text(`${index + 1}. ${step.what}`, { continued: step.at !== '' });
      if (step.at !== '') doc.font('Helvetica').fillColor(grey).text(`   ${step.at}`).fillColor('black');
      doc.font('Helvetica');
      for (const fact of step.facts) doc.text(fact, { indent: 14 });
    });

    heading('Measures at the end');
    if (report.measures.length === 0) doc.fillColor(grey).text('The scenario keeps no measures.').fillColor('black');
    for (const measure of report.measures) line(measure.name, measure.value);

    heading('Answer key');
    if (report.verdicts.length === 0) doc.fillColor(grey).text('The scenario has no answer key.').fillColor('black');
    for (const verdict of report.verdicts) {
      doc
        .font('Helvetica-Bold')
        .fillColor(verdict.right ? '#1b7f3b' : '#b42318')
        .text(verdict.right ? 'Right  ' : 'Wrong  ', { continued: true })
        .fillColor('black')
        .text(`${verdict.item} (${verdict.kind})`, { continued: true })
        .font('Helvetica')
        .text(`: ${verdict.words}`);
    }
    doc.end();
  });
};
