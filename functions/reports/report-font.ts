import { readFile } from 'node:fs/promises';
import { REPORT_FONT_FILE } from '#shared/reports/report-pdf.ts';

/**
 * The report font's bytes, read once per container. In Lambda the file sits beside the
 * bundle (infra/constructs/bundling.ts copies it there: it is data, not code, and stays
 * out of the JS); run from source (npm start, the tests) it is read from shared/reports/fonts/.
 */
const PLACES = [new URL(`./${REPORT_FONT_FILE}`, import.meta.url), new URL(`../../shared/reports/fonts/${REPORT_FONT_FILE}`, import.meta.url)];

let cached: Promise<Uint8Array> | undefined;

async function read(): Promise<Uint8Array> {
  for (const place of PLACES) {
    try {
      return new Uint8Array(await readFile(place));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`The report font ${REPORT_FONT_FILE} is missing: looked in ${PLACES.map(String).join(', ')}`);
}

export function reportFont(): Promise<Uint8Array> {
  cached ??= read().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
