import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSINESS_HOURS } from '@contracts/site';
import { CUSTOMER_BENEFITS } from '@contracts/pricing';
import {
  CARE_ARRANGEMENTS_NAME,
  CARER_MONEY_TEXTS,
  SUPPORT_HOURS_LINE,
  THREE_MONTH_TEXTS,
} from '@contracts/site-texts';

/*
 * The words agree with each other and with what the product does (product.md, "Where the words
 * depart from the first brief"). Every text people can see is in these files: the pages, the
 * contracts and the server's emails. Each pattern is a contradiction the first brief's words made;
 * one coming back fails here with the file and the line.
 */
const ROOTS = ['src/web', 'src/contracts', 'src/server/features'];

const CONTRADICTIONS: readonly { words: RegExp; why: string }[] = [
  { words: /24\/7|around the clock|24 hours a day/i, why: `support is open ${SUPPORT_HOURS_LINE}` },
  {
    words: /cancel anytime/i,
    why: 'only the Monthly plan renews; the card beside it must say "Billed monthly"',
  },
  { words: /payment processing/i, why: 'carers are paid by card through Stripe Connect (decision 0039)' },
  {
    words: /keep\s+(\d+|\$\{[A-Z_]+\})%\s+of\s+(what|your|their)\s+(you|they)?\s*(earn|earnings)/i,
    why: 'the fee is on card payments only; a direct payment is the carer’s in full',
  },
  {
    words: /(['">`]|\s)My Care(['"<`]|\s*$)|(['">`])My care(['"<`])|^\s*My care\s*$/,
    why: 'one name: Care arrangements',
  },
  { words: /label: 'Bookings'|>\s*Bookings\s*</, why: 'one name: Care arrangements' },
  {
    words: /access to (all )?carer profiles/i,
    why: 'profiles are free to read; a plan is for contacting carers',
  },
];

/** Lines where a pattern is allowed: the explanation of the words themselves. */
const ALLOWED = [/first brief/i, /Billed monthly, cancel anytime/, /\(cancel anytime\)/];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe('the words people read agree', () => {
  it('holds none of the first brief’s contradictory words', () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap((root) => files(root))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (ALLOWED.some((allowed) => allowed.test(line))) return;
          for (const { words, why } of CONTRADICTIONS) {
            if (words.test(line)) found.push(`${file}:${index + 1}: "${line.trim()}" (${why})`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('says one thing about support, the carer’s money and the 3-Month plan', () => {
    expect(SUPPORT_HOURS_LINE).toBe(
      BUSINESS_HOURS.filter(({ hours }) => hours !== 'Closed')
        .map(({ days, hours }) => `${days} ${hours}`)
        .join(', '),
    );
    expect(CUSTOMER_BENEFITS.some((benefit) => /24\/7/.test(benefit))).toBe(false);
    expect(THREE_MONTH_TEXTS.cancel).toMatch(/^Never renews\./);
    expect(CARER_MONEY_TEXTS.keepShareLong).toMatch(/95% of each card payment \(our fee is 5%\)/);
    expect(CARER_MONEY_TEXTS.introductory).toMatch(/^Your first 30 days are free/);
    expect(CARE_ARRANGEMENTS_NAME).toBe('Care arrangements');
  });
});
