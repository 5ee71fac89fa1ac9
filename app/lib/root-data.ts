import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';

export type RootData = Awaited<ReturnType<typeof rootLoader>>;
export type ShopInfo = RootData['shop'];

/** The root loader's data: the shop's details and policy values every page may quote. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>('root');
}
