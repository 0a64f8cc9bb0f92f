// Writes the installed app's icons (src/web/public/icons/) from the favicon's heart: the sizes
// browsers ask a web app manifest for (192 and 512 px), and a maskable one whose heart stays
// inside the 80% safe zone a phone's mask may cut to. Run again after changing the favicon.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const favicon = await readFile(root('src/web/public/favicon.svg'), 'utf8');
const heart = favicon.match(/<path d="([^"]+)"/)?.[1];
if (!heart) throw new Error('favicon.svg has no heart path');
const teal = '#0f5f5a';

/** The heart on teal: `rounded` corners for the plain icon, full bleed and smaller for maskable. */
const svg = ({ rounded, scale }) => {
  const offset = 16 - 16 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${teal}"/>
  <g transform="translate(${offset} ${offset - 1.5 * scale + 1.5}) scale(${scale})"><path d="${heart}" fill="#fff"/></g>
</svg>`;
};

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.75 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.9 },
];
for (const icon of icons) {
  await sharp(Buffer.from(svg(icon)), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(root(`src/web/public/icons/${icon.file}`));
}
