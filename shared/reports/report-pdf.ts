import { buildPdf, type PdfLine } from './pdf.ts';
import { PERIOD_LABELS, subjectName, type ProgressReport } from './report.ts';

const day = (iso: string) => iso.slice(0, 10);
const signed = (n: number) => (n >= 0 ? `+${n}%` : `${n}%`);

/**
 * The report as a PDF (§9): titled with the product name, the student's e-mail, period,
 * date, summary, one line per subject, the 4-week grid and four recommendations. The web
 * download and the e-mailed attachment are the same file.
 */
export function reportPdf(report: ProgressReport, who: { studentEmail: string; generatedAt: Date }): Uint8Array {
  const lines: PdfLine[] = [
    { text: 'QuizQuest – Progress Report', size: 20, bold: true },
    { text: `Student: ${who.studentEmail}`, gap: 8 },
    { text: `Period: ${PERIOD_LABELS[report.period]} (${day(report.from)} to ${day(report.to)})` },
    { text: `Date: ${day(who.generatedAt.toISOString())}`, muted: true },
    { text: 'Summary', size: 14, bold: true, gap: 14 },
    { text: `Total Quizzes: ${report.totalQuizzes}` },
    { text: `Average Score: ${report.averageScore}%` },
    { text: `Study Time: ${report.studyTimeMinutes} minutes` },
    { text: `Achievements: ${report.achievements} (${report.achievementsInPeriod} new in this period)` },
    { text: `Current streak: ${report.streak} ${report.streak === 1 ? 'day' : 'days'}` },
    { text: `Improvement trend: ${signed(report.improvementTrend)}` },
    ...(report.strongestSubject ? [{ text: `Strongest subject: ${subjectName(report.strongestSubject)}` }] : []),
    ...(report.weakestSubject ? [{ text: `Weakest subject: ${subjectName(report.weakestSubject)}` }] : []),
    { text: 'Subject Performance', size: 14, bold: true, gap: 14 },
    ...(report.subjects.length
      ? report.subjects.map((s) => ({ text: `${subjectName(s.subject)}: ${s.quizzes} quizzes, ${s.averagePercent}% average, trend ${signed(s.trendPercent)}`, indent: 12 }))
      : [{ text: 'No progress data available for the selected period.', muted: true }]),
    { text: 'Weekly Progress', size: 14, bold: true, gap: 14 },
    ...report.weeks.map((w) => ({ text: `${w.label} (${day(w.from)} to ${day(w.to)}): ${w.quizzes} quizzes${w.quizzes ? `, ${w.averagePercent}% average` : ''}`, indent: 12 })),
    { text: 'Recommendations', size: 14, bold: true, gap: 14 },
    ...report.recommendations.map((r, i) => ({ text: `${i + 1}. ${r}`, indent: 12 })),
  ];
  return buildPdf(lines, { title: `QuizQuest Progress Report – ${who.studentEmail}`, createdAt: who.generatedAt });
}
