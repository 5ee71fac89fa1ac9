import type { FastifyInstance } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: Method;
  /** As OpenAPI writes it: /api/orders/{id}. */
  path: string;
  params: string[];
  hasBody: boolean;
  isMultipart: boolean;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, unknown> };
}

/** Every documented route of the REST API, read from the OpenAPI document the shop serves. */
export function documentedRoutes(app: FastifyInstance): ApiRoute[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: upper as Method,
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        hasBody: Object.keys(content).length > 0 || ['POST', 'PUT', 'PATCH'].includes(upper),
        isMultipart: Object.keys(content).some((type) => type.startsWith('multipart/')),
      });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Fills a route's {params} with the given values, encoded as a client would. */
export function concretePath(route: ApiRoute, values: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
}

/** Who may call a route: the rule each route must keep, whatever it is sent. */
export type Audience = 'public' | 'signed-in' | 'staff-self' | 'admin';

const adminPaths = [/^\/api\/admin\//, /^\/api\/users(\/|$)/];
const signedInRoutes: { method?: Method; path: RegExp }[] = [
  { path: /^\/api\/profile(\/|$)/ },
  { path: /^\/api\/notifications(\/|$)/ },
  { path: /^\/api\/wishlist(\/|$)/ },
  { method: 'GET', path: /^\/api\/orders$/ },
  { method: 'POST', path: /^\/api\/products\/\{id\}\/reviews$/ },
];

/** A staff member's own settings: turning the second factor on is for staff, not customers. */
const staffSelfRoutes: { method: Method; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/profile\/two-factor\/setup$/ },
];

export function audienceOf(route: ApiRoute): Audience {
  if (adminPaths.some((pattern) => pattern.test(route.path))) return 'admin';
  if (staffSelfRoutes.some((rule) => rule.path.test(route.path) && rule.method === route.method))
    return 'staff-self';
  if (
    signedInRoutes.some(
      (rule) => rule.path.test(route.path) && (rule.method === undefined || rule.method === route.method),
    )
  )
    return 'signed-in';
  return 'public';
}
