/**
 * Classes for a block that starts below a phone's first screen: the browser skips its style,
 * layout and paint until it comes near the viewport (`content-visibility: auto`), so the first
 * screen is drawn with less work on a slow phone. Its contents stay in the page (find in page, the
 * accessibility tree, links). Until drawn it stands in at the given height; once drawn its real
 * height is remembered (`auto`), so scrolling back does not jump. The box's own border and shadow
 * are drawn as before (paint containment clips only what is inside it).
 *
 * Only where the stand-in height is close to the real one: axe (Lighthouse's accessibility audit)
 * reads a skipped block's colours at the stand-in's place, and a landing section standing in at
 * 40rem for its ~1,000 px was read against the footer's background (a false contrast failure).
 */
export const RENDER_WHEN_NEAR = {
  /** A carer's card in a list: its content box on a phone and a desktop is about 422 px tall. */
  card: '[content-visibility:auto] [contain-intrinsic-size:auto_26.4rem]',
} as const;
