/**
 * Fixed-width text layout for receipts. Widths count Unicode code points, one column each
 * (receipt printers print one glyph per code point in their single-byte code pages).
 */

/** The number of columns `text` takes. */
export function textWidth(text: string): number {
  return Array.from(text).length;
}

/** `text` cut into pieces of at most `width` columns. */
function chunk(text: string, width: number): string[] {
  const points = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += width) {
    pieces.push(points.slice(start, start + width).join(''));
  }
  return pieces;
}

/** Options of {@link wrapText}. */
export interface WrapOptions {
  /** Put before the first line of each paragraph. */
  readonly indent?: string;
  /** Put before every following line; default `indent`. */
  readonly hangingIndent?: string;
}

/**
 * Word-wraps `text` to lines of at most `width` columns. Newlines start new paragraphs; a word
 * longer than a line is cut (ids, emails). Lines carry no trailing spaces.
 *
 * @example wrapText('Monthly Membership Renewal', 10) // ['Monthly', 'Membership', 'Renewal']
 */
export function wrapText(text: string, width: number, options: WrapOptions = {}): string[] {
  const indent = options.indent ?? '';
  const hangingIndent = options.hangingIndent ?? indent;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/\s+/).filter((word) => word !== '');
    let prefix = indent;
    let line = '';
    const flush = () => {
      lines.push(`${prefix}${line}`.trimEnd());
      prefix = hangingIndent;
      line = '';
    };
    for (const word of words) {
      const room = Math.max(1, width - textWidth(prefix));
      if (line !== '' && textWidth(line) + 1 + textWidth(word) <= room) {
        line = `${line} ${word}`;
        continue;
      }
      if (line !== '') flush();
      const nextRoom = Math.max(1, width - textWidth(prefix));
      const pieces = chunk(word, nextRoom);
      for (const piece of pieces.slice(0, -1)) {
        line = piece;
        flush();
      }
      line = pieces.at(-1) ?? '';
    }
    if (line !== '' || words.length === 0) flush();
  }
  return lines;
}

/** `text` centred in `width` columns (wrapped first when longer), without trailing spaces. */
export function centerText(text: string, width: number): string[] {
  return wrapText(text, width).map((line) => {
    const left = Math.floor((width - textWidth(line)) / 2);
    return `${' '.repeat(Math.max(0, left))}${line}`;
  });
}

/**
 * `left` at the start and `right` flush with the end of a `width`-column line, e.g.
 * `SUBTOTAL            113.00`. When both do not fit, `left` wraps (continuation lines indented
 * two more) and `right` goes on the last line, or on a line of its own.
 *
 * @param indent put before `left` (items and their discount lines are indented)
 */
export function alignEnds(left: string, right: string, width: number, indent = ''): string[] {
  const lines = wrapText(left, width, { indent, hangingIndent: `${indent}  ` });
  const last = lines.pop() ?? '';
  const gap = width - textWidth(last) - textWidth(right);
  if (gap >= 1) return [...lines, `${last}${' '.repeat(gap)}${right}`];
  return [...lines, last, right.padStart(width)];
}

/** A labelled value, `Invoice No: INV-000123`, wrapped with a two-space hanging indent. */
export function fieldLine(label: string, value: string, width: number): string[] {
  return wrapText(`${label}: ${value}`, width, { hangingIndent: '  ' });
}

/** A full-width rule of `-`. */
export function separator(width: number): string {
  return '-'.repeat(width);
}
