import fontUrl from '#shared/reports/fonts/DejaVuSans.ttf?url';
import { reportFileName, type ProgressReport } from '#shared/reports/report.ts';
import { reportPdf, type ReportPdfFor } from '#shared/reports/report-pdf.ts';

/**
 * Download PDF: loaded only when the button is pressed (the page imports this module
 * dynamically), together with jspdf (its own chunk, imported by report-pdf.ts) and the
 * report font (a static asset, fetched here; the browser caches it for the next download).
 */
let font: Promise<Uint8Array> | undefined;

function reportFont(): Promise<Uint8Array> {
  font ??= fetch(fontUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`The report font answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    })
    .catch((error: unknown) => {
      font = undefined;
      throw error;
    });
  return font;
}

/** Makes the report's PDF (the same file the e-mail carries) and saves it as a dated progress-report file. */
export async function downloadReportPdf(report: ProgressReport, who: Omit<ReportPdfFor, 'generatedAt'>): Promise<void> {
  const now = new Date();
  const bytes = await reportPdf(report, { ...who, generatedAt: now }, await reportFont());
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
