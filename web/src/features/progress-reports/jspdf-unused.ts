/**
 * Stands in (web/vite.config.ts aliases) for what jspdf can load but the report never
 * uses: html2canvas, DOMPurify and canvg (for `.html()` and SVG) and fast-png (PNG
 * images). The report is text only; without these the build has no ~450 KB of chunks that
 * nothing loads (the service worker would still precache them).
 */
const unused = (): never => {
  throw new Error('Not in this build: the progress report PDF is text only');
};
export const decode = unused;
export default unused;
