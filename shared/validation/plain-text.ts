/**
 * Text that people write and others read (notes, chat, names). The web renders it as text
 * (React escapes it; the PDF draws glyphs), so nothing here parses or filters HTML: a
 * `<b>` or `a < b` is kept as written. What is removed is what no one can see but that
 * changes how text is shown or read: control characters, zero-width spaces, the BOM,
 * bidirectional overrides and isolates (which can reorder what a reader sees), and lone
 * surrogates. ZWJ/ZWNJ and the LRM/RLM marks stay: scripts and emoji need them.
 */

// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Every way of breaking a line: CR LF, CR, LF, NEL, LS, PS (and form feed / vertical tab, removed above anyway). */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** Multi-line text: line breaks made `\n`, invisible characters removed, at most one blank line in a row, trimmed. */
export function plainText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(LONE_SURROGATE, '')
    .replace(LINE_BREAK, '\n')
    .replace(INVISIBLE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line of text (a name): every line break and run of white space becomes one space, invisible characters removed, trimmed. */
export function singleLineText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(LONE_SURROGATE, '')
    .replace(LINE_BREAK, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
}
