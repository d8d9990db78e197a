import { readFileSync } from 'node:fs';
import { buildReport, type ReportAttempt } from '#shared/reports/report.ts';
import { REPORT_FONT_FILE } from '#shared/reports/report-pdf.ts';

/**
 * Time to make the progress report's PDF (shared/reports/report-pdf.ts, jspdf with the
 * embedded DejaVu Sans), as the email-progress-report consumer does: the first PDF of a
 * process (jspdf imported, the font's 740 KB read and parsed) and the next ones (median
 * of 20), and the file's size. Run: npx tsx scripts/bench-report-pdf.ts
 */
const now = new Date();
const subjects = ['geography', 'history', 'religion'] as const;
const attempts: ReportAttempt[] = Array.from({ length: 60 }, (_, i) => ({
  subject: subjects[i % 3]!,
  level: 'beginner',
  score: 4 + (i % 7),
  total: 10,
  timeSpentMs: 60_000,
  completedAt: new Date(now.getTime() - i * 36 * 3_600_000).toISOString(),
}));
const report = buildReport({ now, days: 90, attempts, achievementUnlocks: [], streak: 4 });
const who = { studentEmail: 'zoe@example.com', studentName: 'Zoë Łukasiewicz-Nguyễn', generatedAt: now };

const t0 = performance.now();
const { reportPdf } = await import('#shared/reports/report-pdf.ts');
const font = new Uint8Array(readFileSync(new URL(`../shared/reports/fonts/${REPORT_FONT_FILE}`, import.meta.url)));
const first = await reportPdf(report, who, font);
const cold = performance.now() - t0;

const runs: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await reportPdf(report, who, font);
  runs.push(performance.now() - t);
}
runs.sort((a, b) => a - b);
console.log(`first PDF (import jspdf, read the font, make it): ${cold.toFixed(0)} ms`);
console.log(`next PDFs: median ${runs[10]!.toFixed(0)} ms, max ${runs.at(-1)!.toFixed(0)} ms`);
console.log(`PDF size: ${(first.length / 1024).toFixed(1)} KB (font subset embedded, compressed)`);
