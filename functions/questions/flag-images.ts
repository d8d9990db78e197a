import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Flag images as the site serves them: flag-icons' 4:3 SVGs with every trace of the
 * country code removed (the root `id="flag-icons-pl"` and internal ids like `pl-a`),
 * under a name that is a hash of those bytes. A question's image URL then says nothing
 * the picture itself does not; before, `/flags/4x3/pl.svg` named the answer.
 */
const FLAGS_DIR = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');

/** Where the web build puts the files (see web/vite.config.ts) and the URL prefix they are served under. */
export const FLAG_PATH = '/flags/';

/** The SVG without the code-bearing ids: the root id goes, internal ids and their references are renamed. */
export function sanitiseFlagSvg(svg: string, cca2: string): string {
  const code = cca2.toLowerCase();
  return svg
    .replace(new RegExp(`\\s+id="flag-icons-${code}"`, 'g'), '')
    .replace(new RegExp(`(id="|#)${code}-`, 'g'), '$1f-');
}

export interface FlagImage {
  cca2: string;
  fileName: string;
  svg: string;
}

const cache = new Map<string, FlagImage>();

/** One country's flag as served; throws for a code flag-icons has no flag for. */
export function flagImage(cca2: string): FlagImage {
  const code = cca2.toLowerCase();
  const cached = cache.get(code);
  if (cached) return cached;
  const svg = sanitiseFlagSvg(readFileSync(join(FLAGS_DIR, `${code}.svg`), 'utf8'), code);
  const image = { cca2: code, fileName: `${createHash('sha256').update(svg).digest('hex').slice(0, 16)}.svg`, svg };
  cache.set(code, image);
  return image;
}

/** The URL an image question points at. */
export const flagUrl = (cca2: string): string => `${FLAG_PATH}${flagImage(cca2).fileName}`;

/** Every flag flag-icons ships, for the web build to copy. */
export function allFlagImages(): FlagImage[] {
  return readdirSync(FLAGS_DIR)
    .filter((file) => /^[a-z]{2}\.svg$/.test(file))
    .map((file) => flagImage(file.slice(0, 2)));
}
