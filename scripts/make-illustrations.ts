// Draws the site's illustrations (issue 21 point 12) and writes them into the repository:
//   - one portrait per seeded carer, WebP, src/server/demo-seed/demo-photos/<name>.webp (served as their photo);
//   - the landing hero and the About page's picture, SVG, src/web/assets/illustrations/.
// Everything is drawn here from shapes (scripts/illustrations/), so the project may ship it. Rerun
// after changing a look or adding a seeded carer: `npx tsx scripts/make-illustrations.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SEED_CARERS } from '../src/server/demo-seed/seed-data';
import { demoPhotoName } from '../src/server/platform/demo-photos';
import { DEMO_PHOTOS_DIR } from '../src/server/paths';
import { lookOf } from './illustrations/looks';
import { portraitSvg } from './illustrations/people';
import { aboutSvg, heroSvg } from './illustrations/scenes';

/** Twice the largest size a carer's photo is shown at (112 px on the profile page). */
export const PORTRAIT_PIXELS = 224;
const SCENES_DIR = fileURLToPath(new URL('../src/web/assets/illustrations', import.meta.url));

async function main() {
  fs.rmSync(DEMO_PHOTOS_DIR, { recursive: true, force: true });
  fs.mkdirSync(DEMO_PHOTOS_DIR, { recursive: true });
  let bytes = 0;
  for (const key of ['demo-carer', ...SEED_CARERS.map((carer) => carer.key)]) {
    const look = lookOf(key);
    if (!look) throw new Error(`no look for the seeded carer ${key} (scripts/illustrations/looks.ts)`);
    const webp = await sharp(Buffer.from(portraitSvg(look)))
      .resize(PORTRAIT_PIXELS, PORTRAIT_PIXELS)
      .webp({ quality: 80, effort: 6 })
      .toBuffer();
    fs.writeFileSync(path.join(DEMO_PHOTOS_DIR, demoPhotoName(key)), webp);
    bytes += webp.length;
  }
  console.log(`${SEED_CARERS.length + 1} portraits, ${(bytes / 1024).toFixed(1)} KB, in ${DEMO_PHOTOS_DIR}`);

  fs.mkdirSync(SCENES_DIR, { recursive: true });
  for (const [name, svg] of [
    ['hero-tea-at-home.svg', heroSvg()],
    ['about-kitchen-table.svg', aboutSvg()],
  ] as const) {
    const compact = `${svg.replace(/\n/g, '')}\n`;
    fs.writeFileSync(path.join(SCENES_DIR, name), compact);
    console.log(`${name}: ${(compact.length / 1024).toFixed(1)} KB`);
  }
}

await main();
