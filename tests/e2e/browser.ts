import fs from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

/** The flags Chromium needs on these offline machines (no first-run, no background networking). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Debian's Chromium (or CHROME_PATH), with the flags this offline machine needs. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (path): path is string => Boolean(path),
  );
  const found = candidates.find((path) => fs.existsSync(path));
  if (!found)
    throw new Error(
      `No Chromium found (tried ${candidates.join(', ')}). Install it (apt-get install -y chromium) or set CHROME_PATH.`,
    );
  return found;
}

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  };
}
