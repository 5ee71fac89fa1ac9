import { listSitemapEntries } from '../../core/catalog/list-sitemap-entries';
import type { Route } from './+types/sitemap-xml';

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.services.publicUrl;
  const entries = await listSitemapEntries(context.services.db);
  const urls = entries
    .map(
      (entry) =>
        `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    },
  );
}
