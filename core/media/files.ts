import fs from 'node:fs/promises';

/** Whether a stored file is there. */
export async function fileExists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Writes a file whole or not at all: a reader never sees half a picture. */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, file);
}
