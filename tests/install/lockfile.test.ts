import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` installs exactly what package-lock.json records and refuses a lock that misses a package.
 * A lock written on one machine must still name every platform's prebuilt binaries (sharp, esbuild,
 * Tailwind's oxide, rollup, argon2…), or a Mac, Windows or ARM install fails.
 */
interface LockEntry {
  version?: string;
  engines?: { node?: string };
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Where npm would find `name` from the package at `location`: its own node_modules, then each parent's. */
function resolve(location: string, name: string): string | undefined {
  let base = location;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('records every platform’s optional packages, so npm ci works on Linux, macOS and Windows alike', () => {
    const missing: string[] = [];
    let platformPackages = 0;
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (resolve(location, name)) platformPackages++;
        else missing.push(`${name} (wanted by ${location || 'the shop'})`);
      }
    }
    expect(missing).toEqual([]);
    // sharp, esbuild, rollup, lightningcss, oxide and argon2 each ship a dozen or more builds.
    expect(platformPackages).toBeGreaterThan(100);
    for (const binary of [
      'node_modules/@img/sharp-darwin-arm64',
      'node_modules/@img/sharp-win32-x64',
      'node_modules/@esbuild/darwin-arm64',
      'node_modules/@esbuild/win32-x64',
      'node_modules/@tailwindcss/oxide-darwin-arm64',
      'node_modules/@node-rs/argon2-win32-x64-msvc',
    ])
      expect(
        Object.keys(lock.packages).some((key) => key.endsWith(binary)),
        binary,
      ).toBe(true);
  });

  it('matches package.json: every direct dependency is locked at a version it allows', () => {
    const root = lock.packages[''] as LockEntry & { devDependencies?: Record<string, string> };
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
    for (const name of [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)])
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
  });

  it('holds no package that refuses the Node versions the README promises (no EBADENGINE)', () => {
    const promised = /^>=(\d+)\.(\d+)$/.exec(manifest.engines.node);
    expect(promised, `engines.node "${manifest.engines.node}"`).not.toBeNull();
    const oldest = [Number(promised![1]), Number(promised![2])];
    const refusing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const wanted = entry.engines?.node;
      if (!location || !wanted) continue;
      // Every clause of the range the package declares must admit the oldest promised Node.
      const admits = wanted.split('||').some((clause) => {
        const floor = /^\s*>=?\s*v?(\d+)(?:\.(\d+))?/.exec(clause);
        if (!floor) return true;
        const major = Number(floor[1]);
        const minor = Number(floor[2] ?? 0);
        return major < oldest[0]! || (major === oldest[0] && minor <= oldest[1]!);
      });
      if (!admits) refusing.push(`${location}@${entry.version}: node ${wanted}`);
    }
    expect(refusing).toEqual([]);
  });
});
