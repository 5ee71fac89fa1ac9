import { WifiOff } from 'lucide-react';
import { useOnline } from '../../lib/connection';

/**
 * A quiet strip under the header while the phone has no connection: the pages already seen still
 * open, from this phone's copy, and their prices may have changed since.
 */
export function OfflineNote() {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      data-testid="offline-note"
      className="flex items-center justify-center gap-2 border-b border-line bg-cream px-4 py-2 text-center text-xs text-ink-soft"
    >
      <WifiOff width={14} height={14} aria-hidden="true" className="shrink-0" />
      <span>You&apos;re offline — prices may have changed. Your bag and wishlist still work.</span>
    </p>
  );
}
