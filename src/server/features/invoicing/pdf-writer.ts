import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { FONTS_DIR } from '../../paths';

// Drawing the money documents (invoices, credit notes, monthly statements) with pdf-lib
// (decision 0038): A4, text as text (selectable, searchable, read aloud) in an embedded Unicode
// font, DejaVu Sans (subset): the standard PDF fonts encode WinAnsi only, and names like Łukasz,
// Nguyễn or Gwenllïan ŵ would lose letters. The document's title (shown in the window's title
// bar), author, subject, keywords and language are set. pdf-lib writes no tagged structure; the
// reading order is the drawing order, top to bottom.

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const SIZE = 10;
export const LINE = 14;
const GREY = rgb(0.35, 0.35, 0.35);

interface FontFile {
  bytes: Uint8Array;
  /** What the file can draw (the embedded subset draws the same). */
  hasGlyph: (codePoint: number) => boolean;
}
let fontFiles: Promise<{ regular: FontFile; bold: FontFile }> | undefined;

async function fontFile(name: string): Promise<FontFile> {
  const bytes = new Uint8Array(await readFile(join(FONTS_DIR, name)));
  const parsed = fontkit.create(bytes);
  return { bytes, hasGlyph: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
}

/** The two font files, read once per process (a failed read is tried again next time). */
function loadFonts() {
  fontFiles ??= Promise.all([fontFile('DejaVuSans.ttf'), fontFile('DejaVuSans-Bold.ttf')]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  fontFiles.catch(() => {
    fontFiles = undefined;
  });
  return fontFiles;
}

/** Marks, joiners and variation selectors a missing glyph leaves behind: dropped with it. */
const LEFT_BEHIND = /[\p{M}\p{Cf}\u{FE00}-\u{FE0F}]/u;

/**
 * `text` as the font can draw it: composed (NFC), each character it has kept; one it lacks becomes
 * its unaccented letters when the font has them, is left out when it is a pictograph (an emoji the
 * font does not draw) or a mark, joiner or selector, and is '?' otherwise (a script the font lacks).
 */
function printableIn(file: FontFile, text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0)!;
    if (char === '\n' || file.hasGlyph(codePoint)) {
      out += char;
      continue;
    }
    if (LEFT_BEHIND.test(char) || /\p{Extended_Pictographic}/u.test(char)) continue;
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += plain !== '' && [...plain].every((c) => file.hasGlyph(c.codePointAt(0)!)) ? plain : '?';
  }
  return out.replace(/ {2,}/g, ' ');
}

/** Words of `text` in lines no wider than `width`. */
function wrapWords(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface PdfMeta {
  title: string;
  author: string;
  subject: string;
  keywords?: string[];
  createdAt: Date;
}

/** A document being drawn top to bottom: `y` is where the next line goes. */
export async function createPdfWriter(meta: PdfMeta) {
  const files = await loadFonts();
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const regular = await document.embedFont(files.regular.bytes, { subset: true });
  const bold = await document.embedFont(files.bold.bytes, { subset: true });
  const printable = (font: PDFFont, value: string) =>
    printableIn(font === bold ? files.bold : files.regular, value);
  // Metadata is UTF-16 text: names go in as they are (composed).
  document.setTitle(meta.title.normalize('NFC'), { showInWindowTitleBar: true });
  document.setAuthor(meta.author.normalize('NFC'));
  document.setSubject(meta.subject.normalize('NFC'));
  if (meta.keywords) document.setKeywords(meta.keywords);
  document.setLanguage('en-GB');
  document.setCreator('CareMatch');
  document.setProducer('CareMatch');
  document.setCreationDate(meta.createdAt);
  document.setModificationDate(meta.createdAt);

  let page: PDFPage = document.addPage([A4.width, A4.height]);
  const writer = {
    regular,
    bold,
    y: A4.height - MARGIN,
    /** Whether the next line is the first of a page. */
    atTop: () => writer.y === A4.height - MARGIN,
    newPageIfBelow(needed: number) {
      if (writer.y - needed >= MARGIN) return;
      page = document.addPage([A4.width, A4.height]);
      writer.y = A4.height - MARGIN;
    },
    text(value: string, x: number, options: { font?: PDFFont; size?: number; grey?: boolean } = {}) {
      const font = options.font ?? regular;
      page.drawText(printable(font, value), {
        x,
        y: writer.y,
        font,
        size: options.size ?? SIZE,
        color: options.grey ? GREY : rgb(0, 0, 0),
      });
    },
    right(value: string, xRight: number, font: PDFFont = regular) {
      const shown = printable(font, value);
      page.drawText(shown, {
        x: xRight - font.widthOfTextAtSize(shown, SIZE),
        y: writer.y,
        font,
        size: SIZE,
      });
    },
    wrap(text: string, width: number, options: { font?: PDFFont; size?: number } = {}): string[] {
      const font = options.font ?? regular;
      return wrapWords(font, printable(font, text), options.size ?? SIZE, width);
    },
    rule(from: number, to: number, options: { offset?: number; grey?: boolean } = {}) {
      const y = writer.y + (options.offset ?? 0);
      page.drawLine({
        start: { x: from, y },
        end: { x: to, y },
        thickness: 0.5,
        ...(options.grey ? { color: GREY } : {}),
      });
    },
    /** A paragraph across the page, wrapped, on new pages as needed. */
    paragraph(value: string, options: { size?: number; grey?: boolean; lineHeight?: number } = {}) {
      const lines = writer.wrap(value, A4.width - 2 * MARGIN, { size: options.size ?? SIZE });
      const height = options.lineHeight ?? LINE;
      writer.newPageIfBelow(lines.length * height + LINE);
      for (const part of lines) {
        writer.text(part, MARGIN, { ...options });
        writer.y -= height;
      }
    },
    save: () => document.save({ useObjectStreams: false }),
  };
  return writer;
}
export type PdfWriter = Awaited<ReturnType<typeof createPdfWriter>>;
