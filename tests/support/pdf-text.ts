import { inflateSync } from 'node:zlib';

/**
 * The text a PDF viewer shows (and copies), line by line: each text-showing operator's
 * string decoded through its font — a Type0 (Identity-H) font by its ToUnicode CMap, a
 * simple font by WinAnsiEncoding. Enough for the files our report writes; not a general
 * PDF parser (no object streams, no encryption). A character the file cannot show comes
 * out as it was written ("?" from a WinAnsi-only writer), or as U+FFFD for a glyph with
 * no Unicode mapping, so a test on "Łódź" fails unless the PDF really carries it.
 */

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(file: Buffer): Map<number, PdfObject> {
  const text = file.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const dataStart = start + streamAt + /stream\r?\n/.exec(body.slice(streamAt))![0].length;
    const dataEnd = text.lastIndexOf('endstream', end);
    let data = file.subarray(dataStart, dataEnd);
    if (data.at(-1) === 0x0a) data = data.subarray(0, data.at(-2) === 0x0d ? -2 : -1);
    out.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(data) : data });
  }
  return out;
}

const hexToBytes = (hex: string): number[] => (hex.replace(/\s+/g, '').match(/.{1,2}/g) ?? []).map((h) => parseInt(h.padEnd(2, '0'), 16));
const utf16 = (hex: string): string => {
  const bytes = hexToBytes(hex);
  const units: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) units.push((bytes[i]! << 8) | bytes[i + 1]!);
  return String.fromCharCode(...units);
};

/** code → text from a ToUnicode CMap's bfchar and bfrange sections. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of section[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(src!, 16), utf16(dst!));
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dst] of section[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const first = utf16(dst!);
      for (let code = parseInt(lo!, 16), k = 0; code <= parseInt(hi!, 16); code++, k++) map.set(code, first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + k));
    }
  }
  return map;
}

const WIN_ANSI_EXTRA: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6, 0x89: 0x2030, 0x8a: 0x0160,
  0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c, 0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014,
  0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a, 0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

type Decoder = (bytes: number[]) => string;

function decoderFor(font: PdfObject, all: Map<number, PdfObject>): Decoder {
  const ref = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict)?.[1];
  const twoByte = /\/Subtype\s*\/Type0/.test(font.dict);
  if (ref) {
    const map = toUnicode(all.get(Number(ref))?.stream?.toString('latin1') ?? '');
    return (bytes) => {
      let out = '';
      for (let i = 0; i < bytes.length; i += twoByte ? 2 : 1) out += map.get(twoByte ? (bytes[i]! << 8) | (bytes[i + 1] ?? 0) : bytes[i]!) ?? '\ufffd';
      return out;
    };
  }
  return (bytes) => String.fromCharCode(...bytes.map((b) => WIN_ANSI_EXTRA[b] ?? b));
}

/** A literal string's bytes, escapes resolved. */
function literalBytes(body: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out.push(c.charCodeAt(0));
      continue;
    }
    const next = body[++i]!;
    const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
    if (octal) {
      out.push(parseInt(octal, 8));
      i += octal.length - 1;
    } else out.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  return out;
}

/** Every line of text the PDF shows, page by page, in the order it is drawn. */
export function pdfText(file: Uint8Array): string[] {
  const all = objects(Buffer.from(file));
  const decoders = new Map<string, Decoder>();
  // Font resource names (/F1, /F15) → their font objects, from every resource dictionary.
  for (const { dict } of all.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(dict)?.[1];
    if (!fonts) continue;
    for (const [, name, id] of fonts.matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g)) {
      const font = all.get(Number(id));
      if (font) decoders.set(name!, decoderFor(font, all));
    }
  }
  const pages = [...all.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  const lines: string[] = [];
  for (const page of pages) {
    const contents = /\/Contents\s+(\d+)\s+0\s+R/.exec(page.dict)?.[1];
    const content = all.get(Number(contents))?.stream?.toString('latin1') ?? '';
    let decode: Decoder = (bytes) => String.fromCharCode(...bytes);
    // Tokens: a font selection, a hex string, a literal string (one level of nesting), an array, a text operator.
    const tokens = /\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F\s]*)>\s*(Tj|')|\(((?:\\.|[^\\()])*)\)\s*(Tj|')|\[([^\]]*)\]\s*TJ/g;
    for (const t of content.matchAll(tokens)) {
      if (t[1]) decode = decoders.get(t[1]) ?? decode;
      else if (t[3]) lines.push(decode(hexToBytes(t[2]!)));
      else if (t[5]) lines.push(decode(literalBytes(t[4]!)));
      else if (t[6] !== undefined) {
        const parts = [...t[6].matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\()])*)\)/g)];
        lines.push(parts.map((p) => decode(p[1] !== undefined ? hexToBytes(p[1]) : literalBytes(p[2]!))).join(''));
      }
    }
  }
  return lines;
}
