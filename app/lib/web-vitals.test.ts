import { describe, expect, it } from 'vitest';
import { vitalTemplateOfRoute, vitalTemplateRoutes, vitalTemplates } from '../../contracts/web-vitals';
import routes from '../routes';

/** The route ids React Router gives app/routes.ts's routes: the file without its extension, or the id set. */
const routeIds = routes.map((route) => route.id ?? route.file.replace(/\.tsx?$/, ''));

describe('the page template a vitals beacon names', () => {
  it('is mapped from routes that exist, so a renamed page is not silently counted as other', () => {
    for (const routeId of Object.keys(vitalTemplateRoutes)) expect(routeIds, routeId).toContain(routeId);
  });

  it('covers every shopping page the speed bars name, and nothing else is more than other', () => {
    expect(vitalTemplateOfRoute('routes/home')).toBe('home');
    expect(vitalTemplateOfRoute('routes/products')).toBe('listing');
    expect(vitalTemplateOfRoute('routes/product')).toBe('product');
    expect(vitalTemplateOfRoute('routes/category')).toBe('category');
    expect(vitalTemplateOfRoute('routes/sale')).toBe('sale');
    expect(vitalTemplateOfRoute('routes/search')).toBe('search');
    expect(vitalTemplateOfRoute('routes/checkout')).toBe('checkout');
    expect(vitalTemplateOfRoute('routes/blog-post')).toBe('blog');
    expect(vitalTemplateOfRoute('routes/about')).toBe('other');
    expect(vitalTemplateOfRoute(undefined)).toBe('other');
    expect(vitalTemplateOfRoute('__proto__')).toBe('other');
    expect(new Set(Object.values(vitalTemplateRoutes))).toEqual(
      new Set(vitalTemplates.filter((name) => name !== 'other')),
    );
  });
});
