import type { DrawCtx, Drawing } from './svg-kit.js';
const stub = (ctx: DrawCtx): Drawing => ({ svg: `<rect x="-300" y="0" width="600" height="1000" fill="${ctx.p.base}"/>`, box: [-300, 0, 300, 1000], ground: 1040, shadowW: 300, detail: { x: 0, y: 100, zoom: 2.5 }, kind: 'garment' });
export const drawShirt = stub, drawSuit = stub, drawTrousers = stub, drawBlazer = stub, drawJacket = stub, drawPolo = stub, drawTshirt = stub, drawKaftan = stub, drawAgbada = stub, drawKnitwear = stub, drawJeans = stub, drawTie = stub;
