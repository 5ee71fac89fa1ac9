import sharp from 'sharp';
import { renderProductSvg } from './render-product-image.js';
sharp.concurrency(1);
async function cpu(svg: string): Promise<string> { let best=1e9; for (let i=0;i<7;i++){ const c=process.cpuUsage(); await sharp(Buffer.from(svg)).png().toBuffer(); const u=process.cpuUsage(c); best=Math.min(best,(u.user+u.system)/1000);} return best.toFixed(1); }
const [shape='shirt', view='0', col='#6b3a22'] = process.argv.slice(2);
const svg = renderProductSvg({ shape: shape as 'shirt', colorHex: col, view: Number(view) as 0, seed: 3 });
console.log('full', await cpu(svg), (svg.length/1024).toFixed(0)+'k');
console.log('no textures', await cpu(svg.replace(/<g clip-path="url\(#c\d+\)"><path d="[^"]{2000,}"[^>]*\/>(<path d="[^"]*"[^>]*\/>)*<\/g>/g, '')));
console.log('no form', await cpu(svg.replace(/<path d="[^"]*" fill="url\(#form\)"\/>/g, '')));
console.log('no sheen', await cpu(svg.replace(/<path d="[^"]*" fill="url\(#sheen\)"\/>/g, '')));
console.log('no metal', await cpu(svg.replace(/url\(#mtR?\)/g, '#aaa')));
console.log('no dashes', await cpu(svg.replace(/stroke-dasharray="[^"]*"/g, '')));
console.log('no bg', await cpu(svg.replace(/<rect[^>]*url\(#bg\)[^>]*\/>/g, '')));
