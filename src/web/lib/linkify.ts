// The web addresses in a message, found in its plain text. Only http and https
// addresses become links; nothing in the text is ever read as markup.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** A run that starts like a web address and stops at a space or a character never in one. */
const CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence more often than an address. */
const TRAILING = /[.,;:!?*]$/;
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** The address without the punctuation around it: "(see https://x.org/a)." ends at "a". */
function trimEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const opener = PAIRS[last];
    if (TRAILING.test(url)) url = url.slice(0, -1);
    // A closing bracket stays when the address opened it (Wikipedia's "Leeds_(city)").
    else if (opener && url.split(opener).length - 1 < url.split(last).length - 1) url = url.slice(0, -1);
    else return url;
  }
}

/** The address as a link target, or null when it is not a whole http(s) address. */
function linkTarget(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** `text` cut into plain runs and http(s) links, in order; joined, the parts give `text` back. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let from = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const candidate = trimEnd(match[0]);
    const href = linkTarget(candidate);
    if (!href) continue;
    plain += text.slice(from, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', text: candidate, href });
    from = match.index + candidate.length;
  }
  plain += text.slice(from);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
