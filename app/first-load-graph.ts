import fs from 'node:fs';
import path from 'node:path';

/*
 * What every page's first load carries: the root route's own imports under app/ and what they import
 * statically, followed through relative imports (type-only imports and lazy `import()` are not part
 * of a load). Read by the build (vite.config.ts: these modules are the shell chunk every page loads,
 * everything else goes with the routes that use it) and by app/first-load.test.ts. Node only.
 */

const appDir = path.dirname(new URL(import.meta.url).pathname);

/** Static value imports of a module, as written. */
export function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(
    /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  )) {
    found.push(match[1]!);
  }
  return found;
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const isSource = (file: string | undefined): file is string => file !== undefined && /\.(ts|tsx)$/.test(file);

/** The root route's imports under app/: its loader's (core/, the server's) are left out of the browser's build. */
function rootImports(): string[] {
  const rootFile = path.join(appDir, 'root.tsx');
  return staticImports(rootFile)
    .filter((specifier) => specifier.startsWith('./'))
    .map((specifier) => resolveModule(rootFile, specifier))
    .filter(isSource);
}

export interface ModuleGraph {
  /** Absolute paths of the source modules reached. */
  modules: Set<string>;
  /** Each package reached, with one chain of modules that reaches it. */
  packages: Map<string, string[]>;
}

/** Everything `entries` reach statically (by default: what the root route's component loads on every page). */
export function firstLoadGraph(entries: string[] = rootImports()): ModuleGraph {
  const root = path.resolve(appDir, '..');
  const modules = new Set<string>();
  const packages = new Map<string, string[]>();
  const queue = entries.map((entry) => ({ file: entry, trail: [path.relative(root, entry)] }));
  while (queue.length > 0) {
    const { file, trail } = queue.shift()!;
    if (modules.has(file)) continue;
    modules.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const next = resolveModule(file, specifier);
        if (isSource(next)) queue.push({ file: next, trail: [...trail, path.relative(root, next)] });
      } else {
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, trail);
      }
    }
  }
  return { modules, packages };
}
