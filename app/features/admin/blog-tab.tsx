import type { loadBlogTab } from './blog-tab.server';

export function BlogTab(_props: { data: Awaited<ReturnType<typeof loadBlogTab>> }) {
  return null;
}
