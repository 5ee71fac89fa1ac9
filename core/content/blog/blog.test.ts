import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/admin';
import { blogPosts } from '../../../db/schema/content';
import { seedBlog } from '../../../seed/seed-blog';
import { createTestDatabase, type TestDatabase } from '../../../tests/fixtures/test-database';
import { listSitemapEntries } from '../../catalog/list-sitemap-entries';
import { isAppError } from '../../errors';
import {
  createPost,
  listPostsForAdmin,
  setPostPublished,
  updatePost,
  type BlogPostInput,
} from './manage-posts';
import {
  getPost,
  getBlogSidebar,
  listBlogCategories,
  listBlogTags,
  listPublishedPosts,
  listRelatedPosts,
} from './read-posts';
import { parseBlogBody } from './post-body';
import { tagSlug } from './posts';

let database: TestDatabase;
let uploadDir: string;
const actor = { id: null, email: 'editor@rossy.ng' };
const now = new Date('2026-06-15T10:00:00+01:00');

const body =
  'A first paragraph about linen shirts for the Lagos heat, long enough to be a real post body.\n\n' +
  '## Why linen\n\nIt breathes. See [our shirts](/category/mens-shirts) and <script>alert(1)</script>.';

const input = (overrides: Partial<BlogPostInput> = {}): BlogPostInput => ({
  title: 'Linen for the Lagos Heat',
  excerpt: 'Why linen is the coolest cloth in a humid city.',
  body,
  category: 'style-guides',
  tags: 'Linen, Lagos Style, linen',
  ...overrides,
});

async function expectError(promise: Promise<unknown>, code: string): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (!isAppError(error)) throw error;
    expect(error.code).toBe(code);
    return error.fields ?? {};
  }
  throw new Error(`expected ${code}`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-blog-'));
  await seedBlog(database.db, { uploadDir, images: false, now });
});
afterAll(async () => {
  await database?.destroy();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

describe('the Journal for shoppers', () => {
  it('lists the six seeded posts newest first, six a page, across the four categories', async () => {
    const page = await listPublishedPosts(database.db, {});
    expect(page.total).toBe(6);
    expect(page.posts).toHaveLength(6);
    expect(page.pageCount).toBe(1);
    const dates = page.posts.map((post) => post.publishedAt!);
    expect([...dates].sort().reverse()).toEqual(dates);
    const categories = await listBlogCategories(database.db);
    expect(categories.map((category) => category.name)).toEqual([
      'Style Guides',
      'Care & Craft',
      'Lookbook',
      'Behind the Seams',
    ]);
    expect(categories.every((category) => category.count > 0)).toBe(true);
    expect(categories.reduce((sum, category) => sum + category.count, 0)).toBe(6);
  });

  it('pages: page 2 holds the seventh post, and a page past the end is empty', async () => {
    const extra = await createPost(
      { db: database.db, uploadDir },
      actor,
      input({ title: 'A Seventh Story' }),
      {
        defaultAuthor: 'Editor',
      },
    );
    await setPostPublished({ db: database.db }, actor, extra.id, true);
    const second = await listPublishedPosts(database.db, { page: 2 });
    expect(second.total).toBe(7);
    expect(second.pageCount).toBe(2);
    expect(second.posts).toHaveLength(1);
    // Newest first: the post published now is on page 1; the oldest seeded post moved to page 2.
    const first = await listPublishedPosts(database.db, { page: 1 });
    expect(first.posts[0]!.id).toBe(extra.id);
    expect((await listPublishedPosts(database.db, { page: 3 })).posts).toEqual([]);
    await setPostPublished({ db: database.db }, actor, extra.id, false);
  });

  it('filters by category and by tag (any spelling of the tag), and finds nothing for unknown ones', async () => {
    const care = await listPublishedPosts(database.db, { category: 'care-and-craft' });
    expect(care.total).toBeGreaterThan(0);
    expect(care.posts.every((post) => post.category.slug === 'care-and-craft')).toBe(true);

    const tags = await listBlogTags(database.db);
    const lagos = tags.find((tag) => tag.slug === 'lagos-style')!;
    expect(lagos.name).toBe('Lagos Style');
    const tagged = await listPublishedPosts(database.db, { tag: 'lagos-style' });
    expect(tagged.total).toBe(lagos.count);
    expect(tagged.posts.every((post) => post.tags.some((tag) => tag.slug === 'lagos-style'))).toBe(true);
    expect((await listPublishedPosts(database.db, { tag: 'Lagos Style' })).total).toBe(lagos.count);
    expect((await listPublishedPosts(database.db, { tag: 'no-such-tag' })).total).toBe(0);
    expect((await listPublishedPosts(database.db, { category: 'no-such-category' })).total).toBe(0);
  });

  it('shows 3 recent posts, leaving out the one being read, and related posts of the same category first', async () => {
    const [newest] = (await listPublishedPosts(database.db)).posts;
    const sidebar = await getBlogSidebar(database.db, { excludeId: newest!.id });
    expect(sidebar.recent).toHaveLength(3);
    expect(sidebar.recent.map((post) => post.id)).not.toContain(newest!.id);
    const related = await listRelatedPosts(database.db, newest!);
    expect(related[0]!.category.slug).toBe(newest!.category.slug);
  });

  it('hides drafts from shoppers (by id and by slug) but lets an administrator preview them', async () => {
    const draft = await createPost({ db: database.db, uploadDir }, actor, input({ title: 'Secret Draft' }), {
      defaultAuthor: 'Editor',
    });
    await expectError(getPost(database.db, draft.id), 'NOT_FOUND');
    await expectError(getPost(database.db, draft.slug), 'NOT_FOUND');
    await expectError(getPost(database.db, 'nonsense <id>'), 'NOT_FOUND');
    expect((await getPost(database.db, draft.id, { includeDrafts: true })).title).toBe('Secret Draft');
    const listed = await listPublishedPosts(database.db, { tag: 'linen' });
    expect(listed.posts.map((post) => post.id)).not.toContain(draft.id);
    expect(
      (await listPostsForAdmin(database.db, { status: 'draft' })).posts.map((post) => post.id),
    ).toContain(draft.id);
  });
});

describe('writing posts', () => {
  it('validates every field and names it', async () => {
    const fields = await expectError(
      createPost(
        { db: database.db, uploadDir },
        actor,
        {
          title: 'Hi',
          excerpt: 'Short',
          body: 'Too short',
          category: 'gossip',
          tags: 'x'.repeat(31),
        },
        { defaultAuthor: 'Editor' },
      ),
      'BAD_REQUEST',
    );
    expect(Object.keys(fields).sort()).toEqual(['body', 'category', 'excerpt', 'tags', 'title']);
    expect(fields.category).toBe('Choose one of the four categories');
    const tooMany = await expectError(
      createPost({ db: database.db, uploadDir }, actor, input({ tags: 'a1,b2,c3,d4,e5,f6,g7,h8,i9' }), {
        defaultAuthor: 'Editor',
      }),
      // Only a rule of the text's content is broken (a refinement): 422.
      'UNPROCESSABLE',
    );
    expect(tooMany.tags).toBe('Use at most 8 tags');
  });

  it('creates a draft with de-duplicated tags, records it, and publishing makes it public once', async () => {
    const post = await createPost({ db: database.db, uploadDir }, actor, input({ title: 'Audited Post' }), {
      defaultAuthor: 'Ada Editor',
    });
    expect(post.status).toBe('draft');
    expect(post.publishedAt).toBeNull();
    expect(post.author).toBe('Ada Editor');
    expect(post.tags.map((tag) => tag.name)).toEqual(['Linen', 'Lagos Style']);

    const published = await setPostPublished({ db: database.db }, actor, post.id, true);
    expect(published.changed).toBe(true);
    expect(published.post.publishedAt).not.toBeNull();
    expect((await getPost(database.db, post.id)).title).toBe('Audited Post');
    const again = await setPostPublished({ db: database.db }, actor, post.id, true);
    expect(again.changed).toBe(false);

    const updated = await updatePost(
      { db: database.db, uploadDir },
      actor,
      post.id,
      input({ title: 'Audited Post, Revised', category: 'lookbook' }),
      { defaultAuthor: 'Someone Else' },
    );
    expect(updated.status).toBe('published');
    expect(updated.category).toEqual({ slug: 'lookbook', name: 'Lookbook' });
    expect(updated.author).toBe('Ada Editor');

    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(post.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'blog.create',
      'blog.publish',
      'blog.update',
    ]);
    expect(entries.every((entry) => entry.actorEmail === 'editor@rossy.ng')).toBe(true);
    const update = entries.find((entry) => entry.action === 'blog.update')!;
    expect(update.before).toMatchObject({ title: 'Audited Post', category: 'style-guides' });
    expect(update.after).toMatchObject({ title: 'Audited Post, Revised', category: 'lookbook' });
  });

  it('answers NOT_FOUND for a post that does not exist', async () => {
    await expectError(setPostPublished({ db: database.db }, actor, 999_999, true), 'NOT_FOUND');
    await expectError(
      updatePost({ db: database.db, uploadDir }, actor, 999_999, input(), { defaultAuthor: 'x' }),
      'NOT_FOUND',
    );
  });

  it('stores an uploaded picture as 16:10 WebP variants, refuses a file that is not an image, and can remove it', async () => {
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#9a7446' } })
      .png()
      .toBuffer();
    const post = await createPost({ db: database.db, uploadDir }, actor, input({ title: 'With a Picture' }), {
      defaultAuthor: 'Editor',
      image: png,
    });
    expect(post.image).not.toBeNull();
    expect(post.image!.key).toMatch(/^blog\//);
    const stored = await sharp(path.join(uploadDir, `${post.image!.key}-1200.webp`)).metadata();
    expect([stored.width, stored.height]).toEqual([1200, 750]);

    const fields = await expectError(
      createPost({ db: database.db, uploadDir }, actor, input(), {
        defaultAuthor: 'Editor',
        image: Buffer.from('<svg onload="alert(1)"></svg>'),
      }),
      'BAD_REQUEST',
    );
    expect(fields.image).toBe('Please upload a JPEG, PNG, WebP or GIF image');

    const removed = await updatePost(
      { db: database.db, uploadDir },
      actor,
      post.id,
      input({ title: 'With a Picture', removeImage: 'on' }),
      { defaultAuthor: 'Editor' },
    );
    expect(removed.image).toBeNull();
    const [row] = await database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.imageKey).toBeNull();
  });
});

describe('sitemap.xml', () => {
  it('lists every published post and the four categories, never a draft', async () => {
    const draft = await createPost(
      { db: database.db, uploadDir },
      actor,
      input({ title: 'Unlisted Draft' }),
      {
        defaultAuthor: 'Editor',
      },
    );
    const paths = (await listSitemapEntries(database.db)).map((entry) => entry.path);
    const published = await listPublishedPosts(database.db, {});
    for (const post of published.posts) expect(paths).toContain(`/blog/${post.id}`);
    expect(paths).toContain('/blog/category/behind-the-seams');
    expect(paths).not.toContain(`/blog/${draft.id}`);
  });
});

describe('reading a body', () => {
  it('makes headings, paragraphs, lists and same-site links, and keeps markup as text', () => {
    const blocks = parseBlogBody(
      'Intro with [suits](/category/mens-suits) and [evil](javascript:alert(1)) and [away](//evil.test).\n\n## Care\n\n- one\n- two',
    );
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      parts: [
        { text: 'Intro with ' },
        { text: 'suits', href: '/category/mens-suits' },
        { text: ' and [evil](javascript:alert(1)) and [away](//evil.test).' },
      ],
    });
    expect(blocks[1]).toEqual({ kind: 'heading', text: 'Care' });
    expect(blocks[2]).toEqual({ kind: 'list', items: [[{ text: 'one' }], [{ text: 'two' }]] });
    expect(parseBlogBody('<b>bold</b>')).toEqual([{ kind: 'paragraph', parts: [{ text: '<b>bold</b>' }] }]);
  });

  it('turns tag names into addresses', () => {
    expect(tagSlug('Bag Care')).toBe('bag-care');
    expect(tagSlug('  Aso-Oke! ')).toBe('aso-oke');
  });
});
