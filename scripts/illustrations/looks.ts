import { HAIR, SKIN, type Look } from './people';

const BACKGROUNDS = ['#d9efec', '#fde7d2', '#e4e7fb', '#f9e0e6', '#e3f2d9', '#fdf1c7', '#dbeafe', '#efe3f7'];
const TOPS = ['#0f5f5a', '#2f6fb0', '#7b5ea7', '#c2554a', '#3d7d4f', '#b7791f', '#1f4e79', '#a23b72'];

type Face = Omit<Look, 'background' | 'top'>;

/** Each seeded carer's look, by the seed's carer key (src/server/demo-seed/seed-data.ts), and the demo carer's. */
const FACES: Record<string, Face> = {
  'demo-carer': { skin: SKIN.deep, hair: HAIR.black, style: 'bun' },
  'margaret-okafor-leeds': { skin: SKIN.deep, hair: HAIR.grey, style: 'curly', glasses: true },
  'daniel-brennan-leeds': { skin: SKIN.light, hair: HAIR.brown, style: 'quiff' },
  'aisha-rahman-leeds': { skin: SKIN.tan, hair: HAIR.black, style: 'hijab', wrap: '#7c3a5e' },
  'susan-whitfield-york': { skin: SKIN.porcelain, hair: HAIR.silver, style: 'bob', glasses: true },
  'tomasz-nowak-york': { skin: SKIN.porcelain, hair: HAIR.blonde, style: 'short', beard: true },
  'helen-marsden-harrogate': { skin: SKIN.light, hair: HAIR.auburn, style: 'bob' },
  'nisha-chauhan-manchester': { skin: SKIN.tan, hair: HAIR.black, style: 'ponytail' },
  'kwame-asante-manchester': { skin: SKIN.ebony, hair: HAIR.black, style: 'crop', beard: true },
  'chloe-hughes-manchester': { skin: SKIN.porcelain, hair: HAIR.blonde, style: 'ponytail' },
  'joanne-pickering-stockport': { skin: SKIN.light, hair: HAIR.brown, style: 'bob' },
  'olumide-adeyemi-bristol': { skin: SKIN.ebony, hair: HAIR.black, style: 'crop' },
  'megan-pritchard-bristol': { skin: SKIN.porcelain, hair: HAIR.ginger, style: 'long' },
  'harjit-sandhu-birmingham': {
    skin: SKIN.tan,
    hair: HAIR.black,
    style: 'turban',
    wrap: '#1e3a8a',
    beard: true,
  },
  'imran-hussain-birmingham': { skin: SKIN.olive, hair: HAIR.black, style: 'short', beard: true },
  'gillian-thorne-norwich': { skin: SKIN.porcelain, hair: HAIR.silver, style: 'pixie', glasses: true },
  'rhian-llewellyn-cardiff': { skin: SKIN.light, hair: HAIR.darkBrown, style: 'long' },
  'abdi-warsame-cardiff': { skin: SKIN.deep, hair: HAIR.black, style: 'crop' },
  'gareth-prosser-swansea': { skin: SKIN.light, hair: HAIR.grey, style: 'bald', glasses: true },
  'morag-sinclair-edinburgh': { skin: SKIN.porcelain, hair: HAIR.ginger, style: 'curly' },
  'ana-ferreira-edinburgh': { skin: SKIN.olive, hair: HAIR.darkBrown, style: 'wavy' },
  'siobhan-docherty-glasgow': { skin: SKIN.porcelain, hair: HAIR.auburn, style: 'bob', glasses: true },
  'samina-iqbal-glasgow': { skin: SKIN.tan, hair: HAIR.black, style: 'hijab', wrap: '#0f766e' },
  'ciara-maguire-belfast': { skin: SKIN.porcelain, hair: HAIR.brown, style: 'bun' },
  'patrick-devlin-belfast': { skin: SKIN.light, hair: HAIR.grey, style: 'short' },
  'lorraine-hamilton-lisburn': { skin: SKIN.light, hair: HAIR.blonde, style: 'bob' },
  'oliver-grant-brighton': { skin: SKIN.light, hair: HAIR.darkBrown, style: 'quiff' },
  'lindsay-charlton-newcastle': { skin: SKIN.olive, hair: HAIR.brown, style: 'ponytail' },
  'mei-chen-sheffield': { skin: SKIN.light, hair: HAIR.black, style: 'bob' },
  'marcus-campbell-hackney': { skin: SKIN.deep, hair: HAIR.black, style: 'afro', beard: true },
  'eleni-georgiou-southwark': { skin: SKIN.olive, hair: HAIR.black, style: 'wavy' },
};

/** The look of the carer with this key, with a background and top picked in turn from the palette. */
export function lookOf(key: string): Look | undefined {
  const face = FACES[key];
  if (!face) return undefined;
  const index = Object.keys(FACES).indexOf(key);
  return {
    ...face,
    background: BACKGROUNDS[index % BACKGROUNDS.length]!,
    top: TOPS[(index * 3) % TOPS.length]!,
  };
}
