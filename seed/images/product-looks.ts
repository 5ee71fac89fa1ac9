/**
 * What makes each seeded product's pictures its own: the surface its material calls for (croc,
 * pebble grain, raffia…), its cloth, its proportions. Read from the product's name and material,
 * so a croc-embossed handbag shows scales and a quilted shoulder bag its quilting.
 */
import type { SeedProduct } from '../catalog-data.js';
import type { ProductLook, RenderProductImageInput } from './render-product-image.js';
import type { TextureName } from './svg-kit.js';

/** Material words and the surface they are drawn with; the first match wins. */
const SURFACES: readonly [RegExp, TextureName][] = [
  [/croc(?!het)/i, 'croc'],
  [/quilt/i, 'quilt'],
  [/saffiano/i, 'saffiano'],
  [/pebbled|soft-grain/i, 'pebble'],
  [/crystal/i, 'sequin'],
  [/bead/i, 'beads'],
  [/raffia|crochet|aso-oke|hand-woven/i, 'basket'],
  [/suede|velvet/i, 'suede'],
  [/adire/i, 'adire'],
  [/canvas/i, 'canvas'],
  [/satin/i, 'pleats'],
  [/brushed|shell/i, 'brushed'],
];

/** Cloths and cuts the material alone does not tell. */
const CUTS: Record<string, Omit<ProductLook, 'finish'>> = {
  'Sable Noir Weekender Tote': { stretch: 1.2 },
  'Maison Ebele Structured Tote': { stretch: 0.84 },
  'Velour Everyday Tote Bag': { stretch: 1.08 },
  'Lekki City Leather Backpack': { stretch: 1.12 },
  'Velour Mini Backpack': { stretch: 0.86 },
  'Sable Noir Heritage Handbag': { stretch: 1.15 },
  'Amara Mini Lady Handbag': { stretch: 0.88 },
  'Amara Mini Crossbody': { stretch: 0.86 },
  'Sable Noir Chain Crossbody Bag': { stretch: 1.15 },
  'Velour Baguette Shoulder Bag': { stretch: 1.22 },
  'Amara Envelope Clutch': { stretch: 1.12 },
  'Ebele Mini Satchel': { stretch: 0.86 },
  'Obi & Sons Three-Piece Chalk Stripe Suit': { textures: { wool: 'chalk' } },
  'Marina Linen Summer Suit': { textures: { wool: 'linen' } },
  'Marina Hopsack Navy Blazer': { textures: { wool: 'canvas', linen: 'canvas' } },
  'Ikoyi Row Oxford Shirt': { textures: { weave: 'canvas' } },
  'Kola Adire Print Shirt': { textures: { weave: 'adire', linen: 'adire' } },
};

function materialOf(product: SeedProduct): string {
  return product.specs.Material ?? product.specs.Fabric ?? '';
}

export function lookOf(product: SeedProduct): ProductLook {
  const material = materialOf(product);
  const finish = SURFACES.find(([pattern]) => pattern.test(material) || pattern.test(product.name))?.[1];
  return { finish: finish ?? 'smooth', ...CUTS[product.name] };
}

/** The three pictures of a product: the hero in its first colour, an angle in its second, a close-up. */
export function imagePlan(product: SeedProduct, index: number): RenderProductImageInput[] {
  const first = product.colors[0]?.hex ?? '#2b2b2b';
  const second = product.colors[1]?.hex ?? first;
  const look = lookOf(product);
  return [
    { shape: product.shape, colorHex: first, view: 0, seed: index, look },
    { shape: product.shape, colorHex: second, view: 1, seed: index, look },
    { shape: product.shape, colorHex: first, view: 2, seed: index, look },
  ];
}
