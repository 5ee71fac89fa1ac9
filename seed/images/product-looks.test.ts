import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { products } from '../catalog-data.js';
import { imagePlan, lookOf } from './product-looks.js';
import { renderProductSvg } from './render-product-image.js';

const byName = (name: string) => {
  const product = products.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`no seeded product named ${name}`);
  return product;
};

/** The hero picture, small: what a shopper compares in a grid of cards. */
async function thumbnail(index: number): Promise<Buffer> {
  const svg = renderProductSvg(imagePlan(products[index]!, index)[0]!);
  return sharp(Buffer.from(svg), { density: 24 })
    .resize(96, 120, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

describe('seeded product pictures', () => {
  it('draw the surface the material names', () => {
    expect(lookOf(byName('Lekki Croc-Embossed Handbag')).finish).toBe('croc');
    expect(lookOf(byName('Ikoyi Quilted Shoulder Bag')).finish).toBe('quilt');
    expect(lookOf(byName('Ebele Camera Crossbody')).finish).toBe('saffiano');
    expect(lookOf(byName('Amara Raffia Bucket Bag')).finish).toBe('basket');
    expect(lookOf(byName('Lekki Suede Hobo')).finish).toBe('suede');
    expect(lookOf(byName('Adire Beaded Clutch Bag')).finish).toBe('beads');
    // Box calf is smooth: the Maison Ebele handbag is not quilted like the category's picture.
    expect(lookOf(byName('Maison Ebele Top-Handle Handbag')).finish).toBe('smooth');
  });

  it('are each their own: no two products show the same picture', async () => {
    const thumbs = await Promise.all(products.map((_, index) => thumbnail(index)));
    const alike: string[] = [];
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        const a = thumbs[i]!;
        const b = thumbs[j]!;
        let difference = 0;
        for (let k = 0; k < a.length; k++) difference += Math.abs(a[k]! - b[k]!);
        // Mean difference per channel, 0…255: 0 for the same template in the same colour.
        if (difference / a.length < 1.5) alike.push(`${products[i]!.name} ~ ${products[j]!.name}`);
      }
    }
    expect(alike).toEqual([]);
  }, 60_000);
});
