import { HAIR, person, shade, SKIN, type Look } from './people';

/** One person (a 256 × 256 bust) placed at (x, y) and scaled. */
const figure = (look: Omit<Look, 'background'>, x: number, y: number, scale: number) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">${person({ ...look, background: 'none' })}</g>`;

const mug = (x: number, y: number, colour: string) =>
  `<g transform="translate(${x} ${y})"><path d="M0 0h34v30c0 8-6 14-14 14h-6C6 44 0 38 0 30z" fill="${colour}"/><path d="M34 8c12 0 12 20 0 20" fill="none" stroke="${colour}" stroke-width="6"/><path d="M10-8c-4-6 4-8 0-14M22-8c-4-6 4-8 0-14" stroke="#94a3b8" stroke-width="3" fill="none" stroke-linecap="round"/></g>`;

const plant = (x: number, y: number) =>
  `<g transform="translate(${x} ${y})"><path d="M30 0c-20-30-6-60 4-70 6 20 4 50-4 70zM30 0c8-30 30-46 44-48-4 24-22 42-44 48zM30 0c-14-18-38-26-52-24 8 20 30 28 52 24z" fill="#3d7d4f"/><path d="M8 0h44l-6 44H14z" fill="#c2554a"/></g>`;

/**
 * The landing hero: a carer and an older woman side by side on a sofa at home, sharing a cup of
 * tea, under a window, with a plant and a heart.
 */
export function heroSvg(): string {
  const carer = { skin: SKIN.deep, hair: HAIR.black, style: 'bun', top: '#0f5f5a' } as const;
  const elder = {
    skin: SKIN.porcelain,
    hair: HAIR.silver,
    style: 'bob',
    top: '#7b5ea7',
    glasses: true,
  } as const;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="480" viewBox="0 0 560 480">
<rect width="560" height="480" rx="40" fill="#e6f2f1"/>
<rect x="300" y="48" width="200" height="150" rx="12" fill="#ffffff"/><path d="M400 48v150M300 123h200" stroke="#cbd5e1" stroke-width="6"/>
<circle cx="456" cy="90" r="18" fill="#fde68a"/>
<path d="M48 480V300c0-30 20-48 50-48h364c30 0 50 18 50 48v180z" fill="#f4a27b"/>
${plant(58, 250)}
${figure(elder, 80, 118, 1.02)}
${figure(carer, 246, 104, 1.06)}
<path d="M48 480v-50c0-18 18-30 40-30h384c22 0 40 12 40 30v50z" fill="${shade('#f4a27b', 0.12)}"/>
${mug(150, 412, '#ffffff')}
${mug(372, 414, '#fbbf24')}
<path d="M276 92c-10-16-36-10-32 10 2 14 20 24 32 34 12-10 30-20 32-34 4-20-22-26-32-10z" fill="#e11d48" opacity=".85"/>
</svg>`;
}

/**
 * The About page: a carer talking with an older man and his daughter at the kitchen table, a
 * teapot between them.
 */
export function aboutSvg(): string {
  const dad = { skin: SKIN.light, hair: HAIR.grey, style: 'bald', top: '#1f4e79', glasses: true } as const;
  const daughter = { skin: SKIN.light, hair: HAIR.auburn, style: 'long', top: '#b7791f' } as const;
  const carer = {
    skin: SKIN.tan,
    hair: HAIR.black,
    style: 'hijab',
    wrap: '#0f766e',
    top: '#e6f2f1',
  } as const;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="400" viewBox="0 0 720 400">
<rect width="720" height="400" rx="32" fill="#fdf1c7"/>
<rect x="40" y="40" width="180" height="130" rx="10" fill="#ffffff"/><path d="M130 40v130M40 105h180" stroke="#e2d3a4" stroke-width="6"/>
<path d="M520 60h150v12H520zM530 72h10v30h-10zM650 72h10v30h-10z" fill="#b7791f"/>
<circle cx="560" cy="48" r="12" fill="#3d7d4f"/><circle cx="600" cy="44" r="16" fill="#c2554a"/><circle cx="636" cy="50" r="10" fill="#2f6fb0"/>
${figure(dad, 40, 96, 0.98)}
${figure(carer, 226, 84, 1.02)}
${figure(daughter, 430, 96, 0.98)}
<rect x="0" y="330" width="720" height="70" rx="0" fill="#c08552"/><rect x="0" y="330" width="720" height="12" fill="#a96f40"/>
<g transform="translate(402 290) scale(.8)"><ellipse cx="30" cy="44" rx="40" ry="34" fill="#0f5f5a"/><path d="M68 34c22-6 28-22 24-30M-8 30c-12 0-16 14-6 20" stroke="#0f5f5a" stroke-width="7" fill="none"/><rect x="18" y="2" width="24" height="12" rx="4" fill="#0b4a46"/></g>
${mug(170, 300, '#ffffff')}
${mug(580, 300, '#f9e0e6')}
</svg>`;
}
