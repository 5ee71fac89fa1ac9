import type { MetaDescriptor } from 'react-router';
import { SHARE_IMAGE, shareImageUrl } from '../../contracts/media';

interface RootMetaData {
  publicUrl?: string;
  shop?: { name: string; tagline: string };
}

/** The origin and shop name every page's meta needs, read from the root loader's data. */
export function rootMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[]): {
  origin?: string;
  shopName?: string;
} {
  const root = matches.find((match) => match?.id === 'root')?.data as RootMetaData | undefined;
  return {
    ...(root?.publicUrl ? { origin: root.publicUrl } : {}),
    ...(root?.shop ? { shopName: root.shop.name } : {}),
  };
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute origin of the shop, from the root loader. */
  origin?: string | undefined;
  path?: string;
  /** The photo a link preview shows (its stored key) and words for it; the preview uses its share picture. */
  image?: { key: string; alt: string } | null | undefined;
  type?: 'website' | 'product';
  shopName?: string;
  /** Private pages (cart, checkout, orders): kept out of search results. */
  noindex?: boolean;
}

/** Title, description, canonical link, Open Graph and Twitter tags: what search engines and WhatsApp previews read. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const shopName = input.shopName ?? 'Rossy';
  const title = input.title.includes(shopName) ? input.title : `${input.title} | ${shopName}`;
  const absolute = (value: string) =>
    input.origin && value.startsWith('/') ? `${input.origin}${value}` : value;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { property: 'og:site_name', content: shopName },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:locale', content: 'en_NG' },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ];
  if (input.path !== undefined) {
    tags.push({ property: 'og:url', content: absolute(input.path) });
    tags.push({ tagName: 'link', rel: 'canonical', href: absolute(input.path) });
  }
  if (input.image) {
    const picture = absolute(shareImageUrl(input.image.key));
    tags.push(
      { property: 'og:image', content: picture },
      { property: 'og:image:type', content: SHARE_IMAGE.type },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
      { property: 'og:image:alt', content: input.image.alt },
      { name: 'twitter:image', content: picture },
      { name: 'twitter:image:alt', content: input.image.alt },
    );
  }
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** A list page's preview picture: its first product's photo, named after the product. */
export function listShareImage(
  first: { name: string; image: { key: string; alt: string } | null } | undefined,
): PageMetaInput['image'] {
  return first?.image ? { key: first.image.key, alt: first.image.alt || first.name } : null;
}
