import { describe, expect, it } from 'vitest';
import { splitLinks } from '@web/lib/linkify';

// The addresses in a message that become links, and the text that stays text.
describe('splitLinks', () => {
  it('makes http and https addresses links and keeps the text around them', () => {
    expect(splitLinks('Map: https://maps.example.org/place?q=LS8 2HH, or http://x.org.')).toEqual([
      { kind: 'text', text: 'Map: ' },
      {
        kind: 'link',
        text: 'https://maps.example.org/place?q=LS8',
        href: 'https://maps.example.org/place?q=LS8',
      },
      { kind: 'text', text: ' 2HH, or ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves sentence punctuation and an enclosing bracket out, and a bracket the address opened in', () => {
    expect(splitLinks('(see https://en.example.org/wiki/Leeds_(city)).')).toEqual([
      { kind: 'text', text: '(see ' },
      {
        kind: 'link',
        text: 'https://en.example.org/wiki/Leeds_(city)',
        href: 'https://en.example.org/wiki/Leeds_(city)',
      },
      { kind: 'text', text: ').' },
    ]);
  });

  it('never links another scheme, a bare domain, or markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'www.example.org',
      'mailto:a@example.org',
      '<a href="https://evil.example">x</a>',
      'https://',
    ]) {
      const links = splitLinks(text).filter((part) => part.kind === 'link');
      expect(
        links.every((link) => /^https?:\/\/[^"<>]+$/.test(link.href)),
        text,
      ).toBe(true);
    }
    expect(splitLinks('javascript:alert(1) www.example.org')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) www.example.org' },
    ]);
    // The quote ends the address: what follows it is text, never an attribute.
    expect(splitLinks('<a href="https://evil.example">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });

  it('gives the text back whole when the parts are joined', () => {
    const text = `Long ${'x'.repeat(2000)} https://a.example/${'b'.repeat(180)}\nnext line.`;
    expect(
      splitLinks(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});
