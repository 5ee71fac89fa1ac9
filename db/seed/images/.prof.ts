import sharp from 'sharp';
import { renderProductSvg, productShapes } from '/work/main/db/seed/images/render-product-image.ts';
const only = process.argv.slice(2);
for (const shape of productShapes) {
  if (only.length && !only.includes(shape)) continue;
  const row: string[] = [];
  for (const view of [0,1,2] as const) {
    const svg = renderProductSvg({ shape, colorHex: '#6b3a22', view, seed: 3 });
    await sharp(Buffer.from(svg)).png().toBuffer();
    const t = performance.now();
    for (let i=0;i<3;i++) await sharp(Buffer.from(svg)).png({compressionLevel:6}).toBuffer();
    row.push(((performance.now()-t)/3).toFixed(0) + ` (${(svg.length/1024).toFixed(0)}k)`);
  }
  console.log(shape.padEnd(10), row.join('  '));
}
