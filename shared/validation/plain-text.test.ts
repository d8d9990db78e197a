import { describe, expect, it } from 'vitest';
import { plainText, singleLineText } from './plain-text.ts';

describe('plain text (what a person wrote, shown as text)', () => {
  it.each([
    ['a < b and c > d', 'a < b and c > d'],
    ['<<b>img src=x onerror=alert(1)>', '<<b>img src=x onerror=alert(1)>'],
    ['Remember: <b>Warsaw</b>', 'Remember: <b>Warsaw</b>'],
    ['  line one\r\nline two\n\n\n\nline three  ', 'line one\nline two\n\nline three'],
    ['a\u2028b\u2029c\u0085d\re', 'a\nb\nc\nd\ne'],
    ['zero\u200Bwidth\u0007bell\u0000nul\u001Besc', 'zerowidthbellnulesc'],
    ['abc\u202Egnp.exe', 'abcgnp.exe'],
    ['\uFEFFbom\u2066iso\u2069', 'bomiso'],
    ['tab\tkept', 'tab\tkept'],
    ['lone \uD800 surrogate', 'lone  surrogate'],
    ['emoji 👩\u200D👩\u200D👧 and فارسی\u200Cها stay', 'emoji 👩\u200D👩\u200D👧 and فارسی\u200Cها stay'],
    ['Zu\u0308rich', 'Zürich'],
    ['', ''],
  ])('%j → %j', (raw, clean) => {
    expect(plainText(raw)).toBe(clean);
  });
});

describe('one line of plain text (names)', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['Ada\r\nBcc: x@evil.test <b>hi</b>', 'Ada Bcc: x@evil.test <b>hi</b>'],
    ['Ada\u2028Lovelace', 'Ada Lovelace'],
    ['Ada\u0085Lovelace\u000BX', 'Ada LovelaceX'],
    ['  Ada \t\n  Lovelace  ', 'Ada Lovelace'],
    ['Zoë Łukasiewicz-Nguyễn', 'Zoë Łukasiewicz-Nguyễn'],
    ['\u202EAda', 'Ada'],
  ])('%j → %j', (raw, clean) => {
    expect(singleLineText(raw)).toBe(clean);
  });
});
