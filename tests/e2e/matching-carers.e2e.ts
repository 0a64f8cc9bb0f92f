import { describe, expect, it } from 'vitest';
import { describeMatchingCarers, MATCHING_CARERS_TEXT } from '@contracts/carers-search-text';
import type { MatchingCarers } from '@contracts/carers';
import { DESKTOP, expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

/*
 * Before paying, the plan chooser says how many verified carers match the place, distance and
 * week the family came with (the search's query), counted by the search itself, and says so
 * plainly when there are none; without a place it asks for one.
 */

const suite = useE2ESuite();
const open = suite.open;

async function countFor(query: string): Promise<MatchingCarers> {
  const response = await fetch(`${suite.server().baseUrl}/api/carers/matching?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MatchingCarers;
}

describe('the matching carers count on the plan chooser', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`counts the carers of the search the visitor came from, and says so plainly when there are none (${label})`, async () => {
      const query = 'near=LS6&within=10&day=tuesday&partOfDay=morning';
      const expected = await countFor(query);
      expect(expected.count).toBeGreaterThan(0);
      let nobody: string | undefined;
      for (const place of ['BT1', 'EH1', 'G1', 'CF10', 'NR1', 'SA1', 'BN1', 'LS6']) {
        const narrow = `near=${place}&within=1&careType=Childcare&day=sunday&partOfDay=overnight`;
        if ((await countFor(narrow)).count === 0) {
          nobody = narrow;
          break;
        }
      }
      expect(nobody, 'a demo search with no carers').toBeDefined();

      const page = await open(viewport);
      await page.goto(`/pricing?${query}`);
      const section = page.getByRole('region', { name: MATCHING_CARERS_TEXT.heading });
      await section.getByText(describeMatchingCarers(expected)).waitFor();
      expect(describeMatchingCarers(expected)).toMatch(
        /verified carers? within 10 miles (is|are) free on Tuesday mornings\./,
      );
      if (viewport === MOBILE) await expectNoAxeViolations(page, 'pricing with the count (mobile)');
      // Above the plans.
      const countTop = (await section.boundingBox())!.y;
      const plansTop = (await page.getByRole('list', { name: 'Plans' }).boundingBox())!.y;
      expect(countTop).toBeLessThan(plansTop);
      // Come from the search by its Subscribe Now (the way back carries the search): the same count.
      await page.goto(`/pricing?${new URLSearchParams({ returnTo: `/carers?${query}` }).toString()}`);
      await section.getByText(describeMatchingCarers(expected)).waitFor();

      await page.goto(`/pricing?${nobody!}`);
      await section
        .getByText(
          /^There are no verified carers for Childcare within 1 mile free overnight on Sundays yet, so there is nobody to pay for yet\./,
        )
        .waitFor();
      if (viewport === MOBILE) await expectNoAxeViolations(page, 'pricing with no carers (mobile)');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  it('asks for a postcode when it knows no place, and says so beside the box for a place nobody knows (mobile)', async () => {
    const page = await open(MOBILE);
    await page.goto('/pricing');
    const section = page.getByRole('region', { name: MATCHING_CARERS_TEXT.heading });
    await section.getByText(MATCHING_CARERS_TEXT.askPlace).waitFor();
    await expectNoAxeViolations(page, 'pricing asking for a place (mobile)');
    await section.getByLabel(MATCHING_CARERS_TEXT.placeLabel).fill('Qqqqzzzz Nowhere');
    await section.getByRole('button', { name: MATCHING_CARERS_TEXT.show }).click();
    await section.getByText("We couldn't find that place. Try a town or a full postcode.").waitFor();
  });
});
