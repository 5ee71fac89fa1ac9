import sharp from 'sharp';
import { renderProductSvg } from './render-product-image.js';
sharp.concurrency(1);
async function cpu(svg: string): Promise<string> { let best=1e9; for (let i=0;i<5;i++){ const c=process.cpuUsage(); await sharp(Buffer.from(svg)).png().toBuffer(); const u=process.cpuUsage(c); best=Math.min(best,(u.user+u.system)/1000);} return best.toFixed(1); }
const [shape='shirt', view='0', col='#6b3a22'] = process.argv.slice(2);
const svg = renderProductSvg({ shape: shape as 'shirt', colorHex: col, view: Number(view) as 0, seed: 3 });
console.log('full', await cpu(svg), (svg.length/1024).toFixed(0)+'k');
// remove each clip group one at a time and report the biggest savings
const groups = [...svg.matchAll(/<g clip-path="url\(#c\d+\)">(?:(?!<g ).)*?<\/g>/g)].map(m=>m[0]);
const res: Array<[number,string]> = [];
for (const g of groups) { const t = Number(await cpu(svg.replace(g, ''))); res.push([t, g.slice(0,160)]); }
res.sort((a,b)=>a[0]-b[0]);
for (const r of res.slice(0,5)) console.log(r[0], r[1]);
console.log('no form', await cpu(svg.replace(/<path d="[^"]*" fill="url\(#form\)"\/>/g, '')));
console.log('no cyl', await cpu(svg.replace(/<path d="[^"]*" fill="url\(#cyl\)"\/>/g, '')));
console.log('no softShadows', await cpu(svg.replace(/<path d="[^"]*" fill="#000" fill-opacity="0\.\d+" transform="translate\([^)]*\)"\/>/g, '')));
