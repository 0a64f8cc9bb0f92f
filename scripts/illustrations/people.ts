// Flat, friendly illustrated people drawn as SVG: the demo carers' portraits and the figures of the
// landing and About illustrations (issue 21 point 12). Made up from shapes, not traced from anyone.

export const SKIN = {
  porcelain: '#f8dcc8',
  light: '#f1c6a6',
  olive: '#dcaa84',
  tan: '#c68a62',
  brown: '#a26944',
  deep: '#7a4a2e',
  ebony: '#5b3520',
} as const;

export const HAIR = {
  black: '#1f1a17',
  darkBrown: '#3b2a20',
  brown: '#6b4630',
  auburn: '#8e3b1f',
  ginger: '#b5562a',
  blonde: '#d6ae68',
  grey: '#9b958f',
  silver: '#d2cdc7',
} as const;

export type HairStyle =
  | 'short'
  | 'crop'
  | 'quiff'
  | 'bald'
  | 'bob'
  | 'long'
  | 'wavy'
  | 'ponytail'
  | 'bun'
  | 'curly'
  | 'afro'
  | 'pixie'
  | 'hijab'
  | 'turban';

export interface Look {
  skin: string;
  hair: string;
  style: HairStyle;
  /** The top's colour. */
  top: string;
  /** The portrait's background. */
  background: string;
  /** Headscarf or turban colour, for those styles. */
  wrap?: string;
  glasses?: boolean;
  beard?: boolean;
}

/** A darker shade of a #rrggbb colour (for shadows, lips, the neck). */
export function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.max(0, Math.min(255, Math.round(((value >> shift) & 0xff) * (1 - amount))));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

// Every figure is drawn in a 256 × 256 box: head centred at (128, 112), shoulders at the bottom.
const HEAD = { x: 128, y: 112, rx: 44, ry: 52 };

function backHair(look: Look): string {
  const fill = look.hair;
  switch (look.style) {
    case 'bob':
      return `<path d="M72 112C70 60 100 46 128 46s58 14 56 66v50c0 8-6 12-14 12H86c-8 0-14-4-14-12z" fill="${fill}"/>`;
    case 'long':
      return `<path d="M70 114C68 58 100 44 128 44s60 14 58 70v92c0 10-8 16-18 16H88c-10 0-18-6-18-16z" fill="${fill}"/>`;
    case 'wavy':
      return `<path d="M68 114C66 58 100 44 128 44s62 14 60 70c0 30 10 44 4 66-4 16-18 22-30 20-8 14-52 14-64 0-12 2-26-4-30-20-6-22 4-36 0-66z" fill="${fill}"/>`;
    case 'ponytail':
      return `<path d="M170 86c26 6 34 40 24 74-4 14-16 22-22 14 8-26 6-54-10-70z" fill="${fill}"/>`;
    case 'bun':
      return `<circle cx="128" cy="50" r="24" fill="${fill}"/>`;
    case 'afro':
      return `<g fill="${fill}">${[
        [128, 70, 60],
        [80, 100, 34],
        [176, 100, 34],
        [90, 60, 32],
        [166, 60, 32],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`)
        .join('')}</g>`;
    case 'hijab':
      return `<path d="M62 120c0-50 30-80 66-80s66 30 66 80c0 30-8 52-20 64 22 8 40 24 46 72H36c6-48 24-64 46-72-12-12-20-34-20-64z" fill="${look.wrap ?? '#7c3a5e'}"/>`;
    default:
      return '';
  }
}

function frontHair(look: Look): string {
  const fill = look.hair;
  switch (look.style) {
    case 'short':
      return `<path d="M82 108c-6-44 20-64 48-64 30 0 52 20 46 64-6-18-20-30-46-30-28 0-40 12-48 30z" fill="${fill}"/>`;
    case 'crop':
      return `<path d="M84 100c0-36 20-50 44-50s44 14 44 50c-8-14-22-22-44-22s-36 8-44 22z" fill="${fill}"/>`;
    case 'quiff':
      return `<path d="M82 106c-8-46 18-68 52-66 22 2 44 14 42 40l-2 26c-6-16-16-24-30-26-4 8-16 12-30 10-14-2-26 4-32 16z" fill="${fill}"/>`;
    case 'bald':
      return `<path d="M84 120c-4-10-4-20 0-28l6 4c-2 8-2 16 0 24zM172 120c4-10 4-20 0-28l-6 4c2 8 2 16 0 24z" fill="${fill}"/>`;
    case 'pixie':
      return `<path d="M80 112c-6-48 22-68 50-68 30 0 52 22 46 68-4-16-10-24-18-30-12 12-36 18-62 12-6 4-12 10-16 18z" fill="${fill}"/>`;
    case 'bob':
    case 'long':
    case 'wavy':
      return `<path d="M78 120c-6-52 22-72 52-72 30 0 54 22 48 72-10-22-28-38-52-42-10 18-30 30-48 42z" fill="${fill}"/>`;
    case 'ponytail':
    case 'bun':
      return `<path d="M82 108c-4-44 20-62 46-62 28 0 50 18 46 62-8-20-24-32-46-32s-38 12-46 32z" fill="${fill}"/>`;
    case 'curly':
      return `<g fill="${fill}">${[
        [92, 80, 18],
        [110, 64, 20],
        [132, 58, 21],
        [154, 66, 20],
        [170, 84, 17],
        [84, 100, 12],
        [174, 102, 12],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`)
        .join('')}</g>`;
    case 'afro':
      return `<path d="M84 100c4-30 22-42 44-42s40 12 44 42c-12-10-26-16-44-16s-32 6-44 16z" fill="${fill}"/>`;
    case 'hijab':
      return `<path d="M80 104c4-34 24-52 48-52s44 18 48 52c-14-14-30-20-48-20s-34 6-48 20z" fill="${look.wrap ?? '#7c3a5e'}"/>`;
    case 'turban': {
      const wrap = look.wrap ?? '#1e3a8a';
      return `<path d="M78 102c-4-44 22-66 50-66s54 22 50 66c-14-12-30-18-50-18s-36 6-50 18z" fill="${wrap}"/><path d="M92 70c18 8 42 10 70-6M86 86c24 6 52 6 84-10" stroke="${shade(wrap, 0.25)}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    }
    default:
      return '';
  }
}

/** The head, face and hair, with the neck and shoulders: one person, facing us, smiling. */
export function person(look: Look): string {
  const skinShadow = shade(look.skin, 0.12);
  const feature = '#2a211d';
  const covered = look.style === 'hijab';
  const parts = [
    backHair(look),
    // Shoulders, in the top's colour, with a soft collar.
    `<path d="M36 256c2-46 36-74 92-74s90 28 92 74z" fill="${look.top}"/>`,
    `<path d="M104 184l24 28 24-28" fill="none" stroke="${shade(look.top, 0.2)}" stroke-width="5" stroke-linejoin="round"/>`,
    covered ? '' : `<rect x="110" y="146" width="36" height="44" rx="14" fill="${skinShadow}"/>`,
    covered
      ? ''
      : `<circle cx="${HEAD.x - HEAD.rx}" cy="118" r="10" fill="${skinShadow}"/><circle cx="${HEAD.x + HEAD.rx}" cy="118" r="10" fill="${skinShadow}"/>`,
    `<ellipse cx="${HEAD.x}" cy="${HEAD.y}" rx="${HEAD.rx}" ry="${HEAD.ry}" fill="${look.skin}"/>`,
    look.beard
      ? `<path d="M86 120c2 34 20 46 42 46s40-12 42-46c-6 10-14 14-22 12-6-4-14-6-20-6s-14 2-20 6c-8 2-16-2-22-12z" fill="${look.hair}"/>`
      : '',
    frontHair(look),
    // Eyebrows, eyes, nose, smile and a little colour in the cheeks.
    `<path d="M100 100q10-7 20 0M136 100q10-7 20 0" stroke="${shade(look.hair === HAIR.silver ? HAIR.grey : look.hair, 0.1)}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<circle cx="110" cy="115" r="5" fill="${feature}"/><circle cx="146" cy="115" r="5" fill="${feature}"/>`,
    `<path d="M128 120q-5 12 2 15" stroke="${shade(look.skin, 0.25)}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    `<path d="M112 142q16 14 32 0" stroke="${look.beard ? '#f5ede6' : '#8a3b2c'}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<circle cx="98" cy="132" r="8" fill="#f28b82" opacity=".22"/><circle cx="158" cy="132" r="8" fill="#f28b82" opacity=".22"/>`,
    look.glasses
      ? `<g fill="none" stroke="#3f3a36" stroke-width="3.5"><rect x="94" y="104" width="30" height="22" rx="9"/><rect x="132" y="104" width="30" height="22" rx="9"/><path d="M124 113h8"/></g>`
      : '',
  ];
  return parts.join('');
}

/** A square portrait: the person on a soft round-cornered background. */
export function portraitSvg(look: Look, size = 256): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256"><rect width="256" height="256" fill="${look.background}"/><circle cx="200" cy="48" r="70" fill="#ffffff" opacity=".18"/>${person(look)}</svg>`;
}
