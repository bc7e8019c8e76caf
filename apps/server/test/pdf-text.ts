import { PDFParse } from 'pdf-parse';

/** The text of a PDF, as a reader's copy and paste would give it. */
export const pdfText = async (pdf: Buffer): Promise<string> => {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};
