import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shop's own folder (package.json, db/migrations, build/), found from this module whether it
 * runs from its TypeScript source or from the compiled server in build/app-server.
 */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let directory = start; ; directory = path.dirname(directory)) {
    if (
      fs.existsSync(path.join(directory, 'package.json')) &&
      fs.existsSync(path.join(directory, 'db', 'migrations'))
    )
      return directory;
    if (path.dirname(directory) === directory) return process.cwd();
  }
}
