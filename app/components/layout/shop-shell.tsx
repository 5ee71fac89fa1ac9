import { isStaffRole } from '../../../contracts/roles';
import { useEffect } from 'react';
import { registerServiceWorker } from '../../lib/connection';
import { useRootData, type ShopInfo } from '../../lib/root-data';
import { Toaster } from '../ui/toast';
import { BottomNav } from './bottom-nav';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNote } from './offline-note';
import { SupportPanels, type ChatPanel } from './support-widgets';

export type ShellShop = ShopInfo;

/** Header, footer, bottom navigation and the live region around every page; `chat` is the live chat's panel. */
export function ShopShell({ children, chat }: { children: React.ReactNode; chat: ChatPanel }) {
  const data = useRootData();
  useEffect(registerServiceWorker, []);
  if (!data) return <main id="main">{children}</main>;
  const signedIn = data.user !== null;
  const isAdmin = isStaffRole(data.user?.role);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:bg-paper focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header shop={data.shop} signedIn={signedIn} isAdmin={isAdmin} />
      <OfflineNote />
      <main id="main" className="min-h-[60vh] pb-16 md:pb-0">
        {children}
      </main>
      <Footer shop={data.shop} />
      <BottomNav signedIn={signedIn} />
      <SupportPanels shop={data.shop} chat={chat} />
      <Toaster />
    </>
  );
}
