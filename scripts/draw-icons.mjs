// Draws the shop's home-screen icons (web app manifest, Apple touch icon) from one SVG, locally:
// `node scripts/draw-icons.mjs` writes public/images/icons/*.png. The PNGs are committed, so a build
// never depends on the fonts of the machine that runs it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'images', 'icons');

/** The monogram on ink; `safe` shrinks it into the maskable icon's safe circle (80 % of the side). */
function icon(size, { safe = false, rounded = false } = {}) {
  const scale = safe ? 0.72 : 1;
  const font = Math.round(size * 0.6 * scale);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? Math.round(size * 0.19) : 0}" fill="#17140f"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${(size / 2) * 0.78 * scale}" fill="none" stroke="#9a7446" stroke-width="${Math.max(2, size * 0.012)}"/>
  <text x="${size / 2}" y="${size / 2 + font * 0.35}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="${font}" fill="#c9a978">R</text>
</svg>`);
}

const files = [
  ['icon-192.png', 192, { rounded: true }],
  ['icon-512.png', 512, { rounded: true }],
  ['icon-maskable-512.png', 512, { safe: true }],
  ['apple-touch-icon.png', 180, {}],
];
for (const [name, size, options] of files) {
  await sharp(icon(size, options)).png({ compressionLevel: 9 }).toFile(path.join(out, name));
  console.log(`public/images/icons/${name}`);
}
