/** A backup or restore that cannot go ahead, with the owner's words for why (printed as it is). */
export class BackupError extends Error {
  override name = 'BackupError';
}
