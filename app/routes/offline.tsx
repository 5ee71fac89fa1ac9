import { OfflinePage } from '../components/offline-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/offline';

/**
 * The offline page inside the shop's frame. The service worker keeps a copy of it, without its
 * scripts, and shows it for a page this phone has never opened when there is no connection
 * (public/sw.js, decision 0039); its "Try again" link is pointed at that page.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "You're offline",
    description: 'This page has not been opened on this phone yet.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function Offline() {
  return <OfflinePage retry="link" />;
}
