// No zod here: the web's text boxes import it for their counters.
import { formatCount } from './limits';

// Made on first use: a page that only imports this module (for a counter's text) loads no ICU.
let segmenter: Intl.Segmenter | undefined;

/**
 * How many characters a person sees in `text`: user-perceived characters (grapheme clusters), so
 * an emoji, a flag or a family emoji counts once, and an accented letter typed as two code points
 * counts once. `String.length` counts UTF-16 units (an emoji twice, a family emoji eight times),
 * which is what `maxlength` and `.max()` use.
 */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(text))
    count += 1;
  return count;
}

/** "123 / 2,000": the counter under a text box. */
export function characterCount(text: string, max: number): string {
  return `${formatCount(graphemeLength(text))} / ${formatCount(max)}`;
}
