import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// Drawing the money documents (invoices, credit notes, monthly statements) with pdf-lib
// (decision 0038): A4, the standard Helvetica fonts (text stays text, so it can be selected,
// searched and read aloud), the document's title and language set. pdf-lib writes no tagged
// structure; the reading order is the drawing order, top to bottom.

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const SIZE = 10;
export const LINE = 14;
const GREY = rgb(0.35, 0.35, 0.35);

/** The standard fonts encode WinAnsi only: other letters lose their accents, or become '?'. */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const char of text) {
    if (encodes(font, char)) {
      out += char;
      continue;
    }
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += plain !== '' && [...plain].every((c) => encodes(font, c)) ? plain : '?';
  }
  return out;
}
function encodes(font: PDFFont, char: string): boolean {
  try {
    font.encodeText(char);
    return true;
  } catch {
    return false;
  }
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
  createdAt: Date;
}

/** A document being drawn top to bottom: `y` is where the next line goes. */
export async function createPdfWriter(meta: PdfMeta) {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  document.setTitle(printable(regular, meta.title), { showInWindowTitleBar: true });
  document.setAuthor(printable(regular, meta.author));
  document.setSubject(meta.subject);
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
