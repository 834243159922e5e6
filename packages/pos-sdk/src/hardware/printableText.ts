import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';
import anyAscii from 'any-ascii';

const printable = new Map<Codepage, ReadonlySet<number>>();

/** The code points a code page holds (ASCII included), computed once per code page. */
function codePointsOf(codepage: Codepage): ReadonlySet<number> {
  let points = printable.get(codepage);
  if (points === undefined) {
    points = new Set(CodepageEncoder.getCodepoints(codepage, true));
    printable.set(codepage, points);
  }
  return points;
}

/**
 * Text a printer can print in `codepage`: a character the code page holds stays (`é` in PC858), any other is
 * transliterated to ASCII with `any-ascii` (`ł` -> `l`, `王小明` -> `WangXiaoMing`, `€` where the page lacks it
 * -> `EUR`), never replaced by `?`. A character with no transliteration at all (an emoji) is dropped.
 *
 * @example printableText('Café für Zoë, Łódź', 'cp858') // 'Café für Zoë, Lodz'
 */
export function printableText(text: string, codepage: Codepage): string {
  const points = codePointsOf(codepage);
  let result = '';
  // Composed first (`e` + U+0301 is `é`), so a page that holds the accented letter keeps it.
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    result += code < 0x80 || points.has(code) ? char : anyAscii(char);
  }
  return result;
}

/**
 * A copy of a print document (or any JSON-like value) with every string made {@link printableText}, so that the
 * layout, which counts characters, is made from what the printer will print and its columns stay aligned.
 */
export function printableDocument<T>(value: T, codepage: Codepage): T {
  if (typeof value === 'string') return printableText(value, codepage) as T;
  if (Array.isArray(value)) return value.map((item) => printableDocument(item, codepage)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, printableDocument(item, codepage)]),
    ) as T;
  }
  return value;
}
