import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../db/project-root';
import { sql } from 'drizzle-orm';
import { blogCategories } from '../core/content/blog/posts';
import { saveBlogImage } from '../core/content/blog/post-image';
import type { Db } from '../db/client';
import { blogPosts } from '../db/schema/content';
import { seedBlogPosts } from './blog-data';
import { renderBlogScene, type BlogSceneInput } from './blog-images';

export interface SeedBlogOptions {
  uploadDir: string;
  /** Tests that do not look at pictures skip drawing them. */
  images?: boolean;
  now?: Date;
  onProgress?: (message: string) => void;
}

const DAY_MS = 86_400_000;

export async function isBlogEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ present: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM blog_posts) AS present`,
  );
  const row = (result as { rows: { present: boolean }[] }).rows[0];
  return !row?.present;
}

/** A fingerprint of the drawing code (the scene and the product drawings): when it changes, pictures are drawn again. */
async function rendererFingerprint(): Promise<string> {
  const here = path.join(projectRoot, 'seed');
  const files = [
    path.join(here, 'blog-images.ts'),
    ...(await fs.readdir(path.join(here, 'images')))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort()
      .map((file) => path.join(here, 'images', file)),
  ];
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.basename(file)).update(await fs.readFile(file));
  return hash.digest('hex').slice(0, 12);
}

/** Draws a post's picture once; later seeds reuse the stored files through UPLOAD_DIR/.render-cache. */
async function sceneImage(uploadDir: string, scene: BlogSceneInput, fingerprint: string): Promise<string> {
  const cacheKey = createHash('sha256')
    .update(JSON.stringify({ blog: scene, fingerprint }))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = path.join(uploadDir, '.render-cache', `blog-${cacheKey}.json`);
  try {
    const cached = JSON.parse(await fs.readFile(cacheFile, 'utf8')) as { key: string };
    await fs.access(path.join(uploadDir, `${cached.key}-1200.webp`));
    return cached.key;
  } catch {
    const key = await saveBlogImage(uploadDir, await renderBlogScene(scene));
    await fs.mkdir(path.dirname(cacheFile), { recursive: true });
    await fs.writeFile(cacheFile, JSON.stringify({ key }));
    return key;
  }
}

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The Journal's six demo posts, published over the last two months, each with its picture. */
export async function seedBlog(db: Db, options: SeedBlogOptions): Promise<{ posts: number }> {
  const progress = options.onProgress ?? (() => {});
  const now = options.now ?? new Date();
  const keys: (string | null)[] = [];
  if (options.images !== false) {
    progress(`Drawing ${seedBlogPosts.length} Journal pictures`);
    const fingerprint = await rendererFingerprint();
    for (const post of seedBlogPosts) keys.push(await sceneImage(options.uploadDir, post.scene, fingerprint));
  }
  await db.insert(blogPosts).values(
    seedBlogPosts.map((post, index) => {
      const category = blogCategories.find((candidate) => candidate.slug === post.category)!;
      const publishedAt = new Date(now.getTime() - post.daysAgo * DAY_MS);
      const imageKey = keys[index] ?? null;
      return {
        slug: slugOf(post.title),
        title: post.title,
        excerpt: post.excerpt,
        body: post.body,
        imageKey,
        imageAlt: imageKey ? post.imageAlt : '',
        author: post.author,
        categorySlug: category.slug,
        categoryName: category.name,
        tags: post.tags,
        status: 'published' as const,
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      };
    }),
  );
  progress(`Journal ready: ${seedBlogPosts.length} posts`);
  return { posts: seedBlogPosts.length };
}
