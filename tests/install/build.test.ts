import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isBuildFresh,
  moveIntoPlace,
  precompressAssets,
  SERVER_ENTRIES,
  sourceHash,
  // @ts-expect-error: a plain JavaScript module (npm start runs it on Node alone), without types.
} from '../../scripts/build.mjs';

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

/** A complete build in `dir`, made from sources whose hash is `hash`. */
function fakeBuild(dir: string, hash: string) {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'app-server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'index.js'), '');
  for (const name of Object.keys(SERVER_ENTRIES as Record<string, string>))
    fs.writeFileSync(path.join(dir, 'app-server', `${name}.js`), '');
  fs.writeFileSync(path.join(dir, 'build-id.json'), JSON.stringify({ sources: hash }));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-build-'));
  write('package.json', '{}');
  write('app/routes/home.tsx', 'export default 1;');
  write('core/orders/place-order.ts', 'export const a = 1;');
  write('core/orders/place-order.test.ts', 'test');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the sources changed', () => {
  it('hashes the sources, not the tests', () => {
    const before = sourceHash(root) as string;
    expect(sourceHash(root)).toBe(before);
    write('core/orders/place-order.test.ts', 'another test');
    expect(sourceHash(root), 'a test changed: no rebuild').toBe(before);
    write('core/orders/place-order.ts', 'export const a = 2;');
    expect(sourceHash(root), 'a source changed: rebuild').not.toBe(before);
  });

  it('calls a build fresh only when it is whole and made from these sources', () => {
    const build = path.join(root, 'build');
    const hash = sourceHash(root) as string;
    expect(isBuildFresh(hash, build), 'no build').toBe(false);
    fakeBuild(build, hash);
    expect(isBuildFresh(hash, build)).toBe(true);
    fs.rmSync(path.join(build, 'app-server', 'index.js'));
    expect(isBuildFresh(hash, build), 'a build missing its server').toBe(false);
    fakeBuild(build, 'older sources');
    expect(isBuildFresh(hash, build), 'a build of older sources').toBe(false);
  });

  it('puts a finished build in place whole, and never an unfinished one', () => {
    const build = path.join(root, 'build');
    fakeBuild(build, 'old');
    const unfinished = path.join(root, 'build.partial-1');
    fs.mkdirSync(path.join(unfinished, 'server'), { recursive: true });
    expect(() => moveIntoPlace(unfinished, build)).toThrow(/not a finished build/);
    expect(JSON.parse(fs.readFileSync(path.join(build, 'build-id.json'), 'utf8')).sources).toBe('old');

    const finished = path.join(root, 'build.partial-2');
    fakeBuild(finished, 'new');
    moveIntoPlace(finished, build);
    expect(JSON.parse(fs.readFileSync(path.join(build, 'build-id.json'), 'utf8')).sources).toBe('new');
    expect(fs.readdirSync(root).filter((name) => name.startsWith('build.previous'))).toEqual([]);
  });
});

describe("the build compresses the browser's files once", () => {
  it("writes each script's and stylesheet's brotli and gzip beside it, and leaves pictures, fonts and crumbs alone", async () => {
    const assets = path.join(root, 'assets');
    // A real script: React's own production build.
    const script = fs.readFileSync(
      path.join(process.cwd(), 'node_modules/react/cjs/react.production.js'),
      'utf8',
    );
    write('assets/shell-abc123.js', script);
    write('assets/app-abc123.css', `.card{color:#111}`.repeat(200));
    write('assets/tiny-abc123.js', 'export default 1;');
    fs.writeFileSync(path.join(assets, 'inter-abc123.woff2'), Buffer.alloc(4096, 7));

    const totals = await precompressAssets(assets);

    expect(totals.files).toBe(2);
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, 'shell-abc123.js.br'))).toString(),
    ).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, 'shell-abc123.js.gz'))).toString()).toBe(script);
    // At brotli's best: smaller than the fast level the server uses for answers made per request.
    const fast = zlib.brotliCompressSync(Buffer.from(script), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(fs.statSync(path.join(assets, 'shell-abc123.js.br')).size).toBeLessThan(fast.length);
    expect(fs.existsSync(path.join(assets, 'app-abc123.css.br'))).toBe(true);
    expect(fs.existsSync(path.join(assets, 'tiny-abc123.js.br')), 'under 1 KiB').toBe(false);
    expect(fs.existsSync(path.join(assets, 'inter-abc123.woff2.br')), 'a font').toBe(false);
    expect(totals.brotliBytes).toBeLessThan(totals.bytes);
  });
});
