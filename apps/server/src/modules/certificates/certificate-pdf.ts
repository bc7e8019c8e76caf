/** What a certificate states, and where it is checked. */
export type CertificateFacts = {
  readonly code: string;
  readonly learner: string;
  readonly scenario: string;
  readonly space: string;
  readonly points: number | null;
  readonly creditHours: number | null;
  readonly passedAt: string;
  readonly verifyUrl: string;
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Credit hours as a certificate states them: "1 hour", "1.5 hours". */
export const hours = (value: number) => `${value} ${value === 1 ? 'hour' : 'hours'}`;

/**
 * A certificate of a passed run, A4 landscape: who passed what, when and with how many points,
 * issued by which space, with the code and a QR code of the page that confirms it.
 */
export const certificatePdf = async (facts: CertificateFacts, made: Date): Promise<Buffer> => {
  // Loaded on the first certificate, not at start, as the other SDKs only some installations use.
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const qr = await QRCode.toBuffer(facts.verifyUrl, { margin: 1, width: 240 });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 64,
      info: { Title: `Certificate: ${facts.learner}, ${facts.scenario}`, Author: facts.space, CreationDate: made },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 128;
    doc
      .rect(32, 32, doc.page.width - 64, doc.page.height - 64)
      .lineWidth(2)
      .stroke('#1c7ed6');
    doc.moveDown(2).font('Helvetica').fontSize(14).fillColor('#555555').text('Certificate of completion', { align: 'center', width });
    doc.moveDown(1).font('Helvetica-Bold').fontSize(30).fillColor('black').text(facts.learner, { align: 'center', width });
    doc.moveDown(0.6).font('Helvetica').fontSize(14).text('passed the simulation', { align: 'center', width });
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(20).text(facts.scenario, { align: 'center', width });
    doc
      .moveDown(0.8)
      .font('Helvetica')
      .fontSize(12)
      .text(`on ${day(facts.passedAt)}${facts.points === null ? '' : ` with ${facts.points} points`}`, { align: 'center', width });
    if (facts.creditHours !== null) doc.moveDown(0.4).text(`${hours(facts.creditHours)} of credit`, { align: 'center', width });
    doc.moveDown(0.4).text(`Issued by ${facts.space}`, { align: 'center', width });
    const bottom = doc.page.height - 64 - 110;
    doc.image(qr, 64, bottom, { width: 110 });
    doc
      .fontSize(10)
      .fillColor('#555555')
      .text(`Certificate code ${facts.code}`, 190, bottom + 30)
      .text(`Check it at ${facts.verifyUrl}`, 190, bottom + 46);
    doc.end();
  });
};
