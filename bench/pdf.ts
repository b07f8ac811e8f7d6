// A valid PDF of `pages` pages of plain text (Helvetica, one of the 14 standard fonts: no font
// file needed), written by hand: the project has no PDF writer, and the bench needs only text.

const pdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** Page n's lines: sentences that differ per page, so every page gives its own passages. */
export function pageLines(n: number, lines = 40): string[] {
  return Array.from(
    { length: lines },
    (_, i) =>
      `Page ${n} line ${i + 1}: the travel policy section ${n}.${i + 1} says claims are filed within ${(n * 7 + i) % 90} days.`,
  );
}

export function makePdf(pages: number): Buffer {
  const objects: string[] = [];
  const kids: string[] = [];
  // 1 catalog, 2 page tree, 3 font; then a page and its content stream per page.
  for (let p = 0; p < pages; p++) {
    const pageObj = 4 + p * 2;
    kids.push(`${pageObj} 0 R`);
    const text = pageLines(p + 1)
      .map((line, i) => `${i === 0 ? '' : '0 -16 Td '}(${pdfString(line)}) Tj`)
      .join('\n');
    const stream = `BT /F1 10 Tf 40 800 Td\n${text}\nET`;
    objects[pageObj] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObj + 1} 0 R >>`;
    objects[pageObj + 1] = `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = Buffer.byteLength(out);
    out += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++) out += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
