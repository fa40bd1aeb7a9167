import { PDFDocument } from "pdf-lib";

/** An image-only PDF of one page holding the PNG at 300 dpi (the scans' own, and the reader's). */
export const scannedPdf = async (png: Uint8Array): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const width = (image.width * 72) / 300;
  const height = (image.height * 72) / 300;
  pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return pdf.save();
};
