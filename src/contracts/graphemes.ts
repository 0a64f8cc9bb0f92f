// No zod here: the web's text boxes import it for their counters.

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * How many characters a person sees in `text`: user-perceived characters (grapheme clusters), so
 * an emoji, a flag or a family emoji counts once, and an accented letter typed as two code points
 * counts once. `String.length` counts UTF-16 units (an emoji twice, a family emoji eight times),
 * which is what `maxlength` and `.max()` use.
 */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/** "123 / 2,000": the counter under a text box. */
export function characterCount(text: string, max: number): string {
  return `${graphemeLength(text).toLocaleString('en-GB')} / ${max.toLocaleString('en-GB')}`;
}
