import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { remembered } from '../cache/remembered';

/** The label of a path no page route has (the catch-all `*` route that renders the 404 page). */
export const NOT_FOUND_ROUTE = 'not-found';

/** The build's flat route manifest as the nested routes matchRoutes takes. */
function routeTree(manifest: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(
      route.index
        ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) =>
      route.index ? route : { ...route, children: attach(children.get(route.id) ?? []) },
    );
  return attach(children.get(undefined) ?? []);
}

/** A request path as matchRoutes can read it: without React Router's `.data` suffix, and decodable. */
function matchablePath(pathname: string): string {
  if (pathname === '/_root.data') return '/';
  const path = pathname.replace(/\.data$/, '');
  try {
    decodeURI(path);
    return path;
  } catch {
    // A broken escape matches no literal segment either way; React Router would only warn about it.
    return path.replaceAll('%', '_');
  }
}

/** How many paths' routes are remembered at once (a few hundred bytes each). */
const MATCHED_PATHS = 2000;

const matchers = new WeakMap<ServerBuild['routes'], (pathname: string) => string>();

/**
 * The page route a path belongs to, as its pattern ("/product/:id", "/"), or NOT_FOUND_ROUTE: the
 * answers are drawn from the build's own routes, so however many paths strangers send, the set of
 * answers stays the size of the route table (the metrics' route labels, server/plugins/metrics.ts).
 */
export function pageRouteMatcher(manifest: ServerBuild['routes']): (pathname: string) => string {
  const existing = matchers.get(manifest);
  if (existing) return existing;
  const tree = routeTree(manifest);
  const match = (pathname: string): string => {
    const matches = matchRoutes(tree, matchablePath(pathname));
    const last = matches?.at(-1);
    if (!last || last.route.path === '*') return NOT_FOUND_ROUTE;
    const segments = matches!.map((match) => match.route.path).filter((path): path is string => !!path);
    return `/${segments.join('/')}`.replace(/\/{2,}/g, '/');
  };
  // matchRoutes flattens and ranks the whole route table on every call: the paths asked for most
  // (the same pages, over and over) are remembered, at most MATCHED_PATHS of them.
  const matcher = remembered(match, MATCHED_PATHS);
  matchers.set(manifest, matcher);
  return matcher;
}
