import sharp from 'sharp';
import { renderProductSvg, productShapes } from './render-product-image.js';
sharp.concurrency(1);
const only = process.argv.slice(2);
for (const shape of productShapes) {
  if (only.length && !only.includes(shape)) continue;
  const row: string[] = [];
  for (const view of [0,1,2] as const) {
    const svg = renderProductSvg({ shape, colorHex: '#6b3a22', view, seed: 3 });
    await sharp(Buffer.from(svg)).png().toBuffer();
    let best = 1e9, bestCpu = 1e9;
    for (let i=0;i<3;i++) { const t = performance.now(); const c = process.cpuUsage(); renderProductSvg({ shape, colorHex: '#6b3a22', view, seed: 3 }); await sharp(Buffer.from(svg)).png({compressionLevel:6}).toBuffer(); const cu = process.cpuUsage(c); best = Math.min(best, performance.now()-t); bestCpu = Math.min(bestCpu, (cu.user+cu.system)/1000); }
    row.push(`${best.toFixed(0)}/${bestCpu.toFixed(0)}cpu (${(svg.length/1024).toFixed(0)}k)`);
  }
  console.log(shape.padEnd(10), row.join('  '));
}
