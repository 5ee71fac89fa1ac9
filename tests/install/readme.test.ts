import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openAtLine } from '../../server/startup-notes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** The README as one line of words, so a sentence is found however it is wrapped. */
const readme = read('README.md').replace(/\s+/g, ' ');

describe('the README tells the truth', () => {
  it('the e-mailed link opens a page with a Confirm button, the one the page shows', () => {
    expect(readme).toContain('the link opens a page with a **Confirm my e-mail** button');
    expect(readme).not.toMatch(/following it confirms the address/);
    // The page the link opens: a GET shows the button, only its POST confirms.
    const page = read('app/routes/verify-email.tsx');
    expect(page).toMatch(/<Button type="submit"[^>]*>\s*Confirm my e-mail\s*<\/Button>/);
  });

  it('the line a first start ends with is the one the shop prints with the default settings', () => {
    const printed = openAtLine(loadConfig({ PORT: '3000' })).trim();
    expect(readme).toContain(`\`\`\` ${printed} \`\`\``);
  });
});
