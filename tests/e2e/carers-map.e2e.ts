// The map of carers on /carers (decision 0042), on a phone (375 px): the Map toggle beside the
// list shows the demo results on a map of blank local tiles (no outside host is asked for
// anything), each carer at their district's centre, clustered when close; a marker, reached and
// opened with the keyboard, shows its carer's card. The list stays the default view. axe clean.
import { describe, expect, it } from 'vitest';
import type { CarerSearchResult } from '../../src/contracts/carers';
import { MAP_TEXT } from '../../src/contracts/carers-map';
import { expectNoAxeViolations, MOBILE } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';

const suite = useE2ESuite();

describe('the map of carers', () => {
  it('shows the demo results on a map, and a marker opens its card', async () => {
    const page = await suite.open(MOBILE);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(suite.server().baseUrl) && !request.url().startsWith('data:'))
        outside.push(request.url());
    });
    const answer = (await (await page.request.get('/api/carers?location=Leeds')).json()) as CarerSearchResult;
    const placed = answer.items.filter((carer) => carer.postcodeDistrict);
    expect(placed.length).toBeGreaterThan(1);

    await page.goto('/carers?location=Leeds');
    await page.locator('[data-testid="carer-card"]').first().waitFor();
    const views = page.getByRole('group', { name: MAP_TEXT.viewLabel });
    await expect
      .poll(() => views.getByRole('button', { name: MAP_TEXT.list }).getAttribute('aria-pressed'))
      .toBe('true');
    await views.getByRole('button', { name: MAP_TEXT.map }).click();
    const map = page.getByRole('region', { name: MAP_TEXT.mapLabel });
    await map.waitFor();
    expect(await page.locator('[data-testid="carer-card"]').count()).toBe(0);

    // The text alternative says what the map shows.
    const districts = new Set(placed.map((carer) => carer.postcodeDistrict)).size;
    await page.getByText(MAP_TEXT.summary(placed.length, districts)).waitFor();
    // Tiles from the local stub; OpenStreetMap credited.
    await expect
      .poll(() =>
        map
          .locator('img.leaflet-tile-loaded')
          .evaluateAll((tiles) =>
            tiles
              .filter((tile) => (tile as HTMLImageElement).naturalWidth === 256)
              .map((tile) => (tile as HTMLImageElement).src),
          ),
      )
      .not.toEqual([]);
    const tileSources = await map
      .locator('img.leaflet-tile')
      .evaluateAll((tiles) => tiles.map((tile) => (tile as HTMLImageElement).src));
    for (const source of tileSources)
      expect(source.startsWith(`${suite.server().baseUrl}/demo/tiles/`), source).toBe(true);
    await map.getByRole('link', { name: 'OpenStreetMap' }).waitFor();

    // Every carer is on the map, in a cluster or on their own.
    await expect
      .poll(async () => {
        const single = await map.locator('.carer-map-marker').count();
        const inClusters = await map
          .locator('.marker-cluster')
          .evaluateAll((clusters) => clusters.reduce((sum, cluster) => sum + Number(cluster.textContent), 0));
        return single + inClusters;
      })
      .toBe(placed.length);
    await expectNoAxeViolations(page, 'the map of carers (mobile)');

    // With the keyboard: open clusters until a carer's own marker shows, then open it.
    for (let tries = 0; tries < 8 && (await map.locator('.carer-map-marker').count()) === 0; tries += 1) {
      await map.locator('.marker-cluster').first().focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(600);
    }
    const marker = map.locator('.carer-map-marker').first();
    const label = (await marker.getAttribute('aria-label')) ?? '';
    const name = label.split(': ')[1]!;
    expect(placed.map((carer) => `${carer.firstName} ${carer.lastName}`)).toContain(name);
    await marker.focus();
    await page.keyboard.press('Enter');
    const selected = page.getByRole('region', { name: MAP_TEXT.selected });
    await selected.locator('[data-testid="carer-card"]').waitFor();
    await expect.poll(() => selected.evaluate((element) => element === document.activeElement)).toBe(true);
    const carer = placed.find((item) => `${item.firstName} ${item.lastName}` === name)!;
    await selected.locator(`a[href="/carers/${carer.id}"]`).first().waitFor();
    expect(label.startsWith(`${carer.postcodeDistrict}: `)).toBe(true);
    await expectNoAxeViolations(page, 'a carer chosen on the map (mobile)');

    // Back to the list, the primary view.
    await views.getByRole('button', { name: MAP_TEXT.list }).click();
    await page.locator('[data-testid="carer-card"]').first().waitFor();
    expect(outside).toEqual([]);
  });
});
