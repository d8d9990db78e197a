import { singleLineText } from '../validation/plain-text.ts';
import { PERIOD_LABELS, subjectName, type ProgressReport } from './report.ts';
import { countOf } from '../text/counts.ts';

/**
 * The progress report as a PDF (docs/learning.md), made with jspdf: titled with the product
 * name, the student's e-mail (and name when the profile has one), period, date, summary,
 * one line per subject, the 4-week grid and four recommendations. The browser's Download
 * PDF and the e-mailed attachment (the email-progress-report consumer) both call this one
 * function, so they are the same file.
 *
 * Text is set in DejaVu Sans (shared/reports/fonts/, Bitstream Vera licence), embedded as
 * a Unicode (Identity-H) font with a ToUnicode map: any Latin text renders and can be
 * copied or searched — "Zürich", "São Tomé", "Łódź", "Việt Nam", "Côte d’Ivoire". jspdf
 * embeds only the glyphs used, so a report is ~60 KB. The caller
 * supplies the font's bytes: the browser fetches it on the first download, the Lambda
 * reads it from beside its bundle (functions/reports/report-font.ts). jspdf itself is
 * imported on first use: the page's bundle and the consumer's bundle do not carry it.
 */

export const REPORT_FONT_FILE = 'DejaVuSans.ttf';
const FONT = 'DejaVuSans';

export interface ReportPdfFor {
  studentEmail: string;
  /** The profile's full name; left out when empty. */
  studentName?: string | undefined;
  generatedAt: Date;
}

interface Line {
  text: string;
  size?: number;
  muted?: boolean;
  /** Extra space above, in points. */
  gap?: number;
  indent?: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const LEADING = 1.4;
const INK: [number, number, number] = [31, 41, 55];
const MUTED: [number, number, number] = [107, 114, 128];
const HEADING = 14;

const day = (iso: string) => iso.slice(0, 10);
const signed = (n: number) => (n >= 0 ? `+${n}%` : `${n}%`);

/** The report's lines, top to bottom. */
export function reportLines(report: ProgressReport, who: ReportPdfFor): Line[] {
  // Each is one line of the page whatever was stored (a name saved before the one-line rule).
  const name = singleLineText(who.studentName ?? '');
  return [
    { text: 'QuizQuest – Progress Report', size: 20 },
    { text: `Student: ${singleLineText(who.studentEmail)}`, gap: 8 },
    ...(name ? [{ text: `Name: ${name}` }] : []),
    { text: `Period: ${PERIOD_LABELS[report.period]} (${day(report.from)} to ${day(report.to)})` },
    { text: `Date: ${day(who.generatedAt.toISOString())}`, muted: true },
    { text: 'Summary', size: HEADING, gap: 14 },
    { text: `Total Quizzes: ${report.totalQuizzes}` },
    { text: `Average Score: ${report.averageScore}%` },
    { text: `Study Time: ${report.studyTimeMinutes} minutes` },
    { text: `Achievements: ${report.achievements} (${report.achievementsInPeriod} new in this period)` },
    { text: `Current streak: ${report.streak} ${report.streak === 1 ? 'day' : 'days'}` },
    { text: `Improvement trend: ${signed(report.improvementTrend)}` },
    ...(report.strongestSubject ? [{ text: `Strongest subject: ${subjectName(report.strongestSubject)}` }] : []),
    ...(report.weakestSubject ? [{ text: `Weakest subject: ${subjectName(report.weakestSubject)}` }] : []),
    { text: 'Subject Performance', size: HEADING, gap: 14 },
    ...(report.subjects.length
      ? report.subjects.map((s) => ({ text: `${subjectName(s.subject)}: ${countOf(s.quizzes, 'quiz')}, ${s.averagePercent}% average, trend ${signed(s.trendPercent)}`, indent: 12 }))
      : [{ text: 'No progress data available for the selected period.', muted: true }]),
    { text: 'Weekly Progress', size: HEADING, gap: 14 },
    ...report.weeks.map((w) => ({ text: `${w.label} (${day(w.from)} to ${day(w.to)}): ${countOf(w.quizzes, 'quiz')}${w.quizzes ? `, ${w.averagePercent}% average` : ''}`, indent: 12 })),
    { text: 'Recommendations', size: HEADING, gap: 14 },
    ...report.recommendations.map((r, i) => ({ text: `${i + 1}. ${r}`, indent: 12 })),
  ];
}

/**
 * Bytes as the "binary string" (one char per byte) jspdf's virtual file system takes;
 * kept per font (the callers hold one font for the process) since converting 740 KB
 * costs more than laying out the report.
 */
const binaryStrings = new WeakMap<Uint8Array, string>();
function binaryString(bytes: Uint8Array): string {
  let out = binaryStrings.get(bytes);
  if (out === undefined) {
    out = '';
    for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    binaryStrings.set(bytes, out);
  }
  return out;
}

/** Lays the report out on A4 pages (as many as it needs) and returns the PDF file. */
export async function reportPdf(report: ProgressReport, who: ReportPdfFor, font: Uint8Array): Promise<Uint8Array> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
  doc.addFileToVFS(REPORT_FONT_FILE, binaryString(font));
  doc.addFont(REPORT_FONT_FILE, FONT, 'normal');
  doc.setFont(FONT, 'normal');
  doc.setProperties({ title: `QuizQuest Progress Report – ${who.studentEmail}`, creator: 'QuizQuest' });
  doc.setCreationDate(who.generatedAt);

  let y = PAGE.margin;
  for (const line of reportLines(report, who)) {
    const size = line.size ?? 11;
    const indent = line.indent ?? 0;
    doc.setFontSize(size);
    doc.setTextColor(...(line.muted ? MUTED : INK));
    const parts = doc.splitTextToSize(line.text.normalize('NFC'), PAGE.width - 2 * PAGE.margin - indent) as string[];
    parts.forEach((part, i) => {
      const step = size * LEADING + (i === 0 ? (line.gap ?? 0) : 0);
      if (y + step > PAGE.height - PAGE.margin) {
        doc.addPage();
        y = PAGE.margin;
      }
      y += step;
      doc.text(part, PAGE.margin + indent, y);
    });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}
