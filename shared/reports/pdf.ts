/**
 * A small PDF 1.4 writer for the progress report: text lines on A4 pages in Helvetica,
 * with WinAnsiEncoding (Windows-1252), so Latin text such as "Zürich", "São Tomé",
 * "Curaçao" or "Œuvre – 3 €" renders with the viewer's built-in fonts and the file stays
 * a few kilobytes (no embedded font: the same module runs in the browser and in the
 * send-report Lambda). A character outside Windows-1252 is written as "?".
 *
 * jspdf (named by ARCHITECTURE.md) is not installed on this machine; this replaces it.
 */

/** Windows-1252's 0x80–0x9F block: the characters it adds beyond Latin-1. */
const CP1252_EXTRA: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** One character's Windows-1252 byte, or undefined when the encoding has none. */
export function winAnsiByte(char: string): number | undefined {
  const code = char.normalize('NFC').codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return CP1252_EXTRA[code];
}

/** Text as a PDF literal string body: WinAnsi bytes (as 0–255 char codes), with \ ( ) escaped. */
export function pdfLiteral(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const byte = winAnsiByte(char) ?? 0x3f;
    const c = String.fromCharCode(byte);
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c;
  }
  return out;
}

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Grey text. */
  muted?: boolean;
  /** Extra space above, in points. */
  gap?: number;
  indent?: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const LEADING = 1.45;

/** Approximate Helvetica width for wrapping: 0.5 em per character keeps lines inside the margin. */
function wrap(text: string, size: number, width: number): string[] {
  const perLine = Math.max(10, Math.floor(width / (size * 0.5)));
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current && current.length + 1 + word.length > perLine) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  lines.push(current);
  return lines;
}

/** Lays the lines out on as many pages as they need and returns the PDF file. */
export function buildPdf(lines: readonly PdfLine[], info: { title: string; createdAt: Date }): Uint8Array {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    const indent = line.indent ?? 0;
    for (const [i, part] of wrap(line.text, size, PAGE.width - 2 * PAGE.margin - indent).entries()) {
      const step = size * LEADING + (i === 0 ? (line.gap ?? 0) : 0);
      if (y - step < PAGE.margin) {
        pages.push(ops.join('\n'));
        ops = [];
        y = PAGE.height - PAGE.margin;
      }
      y -= step;
      const grey = line.muted ? '0.42 0.45 0.5 rg' : '0.12 0.16 0.22 rg';
      ops.push(`BT ${grey} /${line.bold ? 'F2' : 'F1'} ${size} Tf ${(PAGE.margin + indent).toFixed(2)} ${y.toFixed(2)} Td (${pdfLiteral(part)}) Tj ET`);
    }
  }
  pages.push(ops.join('\n'));

  // Objects: 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  const stamp = info.createdAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  objects[5] = `<< /Title (${pdfLiteral(info.title)}) /Producer (QuizQuest) /CreationDate (D:${stamp}Z) >>`;
  pages.forEach((content, i) => {
    const id = pageIds[i]!;
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  // Every character is one byte (0–255), so string offsets are byte offsets.
  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = file.length;
    file += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = file.length;
  file += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) file += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  const bytes = new Uint8Array(file.length);
  for (let i = 0; i < file.length; i++) bytes[i] = file.charCodeAt(i);
  return bytes;
}
