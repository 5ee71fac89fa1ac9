import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../../../core/content/blog/manage-posts';
import { seedBlog } from '../../../seed/seed-blog';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let draftId: number;

beforeAll(async () => {
  test = await createTestApp({ seed: false });
  await seedBlog(test.database.db, { uploadDir: '/nonexistent', images: false });
  const draft = await createPost(
    { db: test.database.db, uploadDir: '/nonexistent' },
    { id: null, email: 'editor@rossy.ng' },
    {
      title: 'An Unpublished Draft',
      excerpt: 'This one is still being written by the studio.',
      body: 'Draft words. '.repeat(20),
      category: 'lookbook',
      tags: 'Owambe',
    },
    { defaultAuthor: 'Editor' },
  );
  draftId = draft.id;
});
afterAll(async () => {
  await test?.close();
});

const get = (url: string) => test.app.inject({ method: 'GET', url });

describe('GET /api/blog/posts', () => {
  it('lists the published posts, newest first, with what a card needs and never a draft', async () => {
    const response = await get('/api/blog/posts');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 6, page: 1, pageSize: 6, pageCount: 1 });
    expect(body.posts).toHaveLength(6);
    const [first] = body.posts;
    expect(Object.keys(first).sort()).toEqual(
      ['author', 'category', 'date', 'excerpt', 'id', 'image', 'slug', 'tags', 'title'].sort(),
    );
    expect(first.category).toEqual({ slug: expect.any(String), name: expect.any(String) });
    expect(first.tags.length).toBeGreaterThan(0);
    const dates = body.posts.map((post: { date: string }) => post.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.posts.map((post: { id: number }) => post.id)).not.toContain(draftId);
  });

  it('filters by category and tag, answers 404 for an unknown category and 400 for a bad page', async () => {
    const byCategory = (await get('/api/blog/posts?category=care-and-craft')).json();
    expect(byCategory.total).toBeGreaterThan(0);
    expect(
      byCategory.posts.every(
        (post: { category: { slug: string } }) => post.category.slug === 'care-and-craft',
      ),
    ).toBe(true);

    const byTag = (await get('/api/blog/posts?tag=leather')).json();
    expect(byTag.total).toBeGreaterThan(0);
    expect(
      byTag.posts.every((post: { tags: { slug: string }[] }) =>
        post.tags.some((tag) => tag.slug === 'leather'),
      ),
    ).toBe(true);
    // The draft is tagged Owambe: only the published Owambe posts count.
    const owambe = (await get('/api/blog/posts?tag=owambe')).json();
    expect(owambe.posts.map((post: { id: number }) => post.id)).not.toContain(draftId);

    const unknown = await get('/api/blog/posts?category=gossip');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    expect((await get('/api/blog/posts?page=0')).statusCode).toBe(400);
    expect((await get('/api/blog/posts?page=2')).json()).toMatchObject({ posts: [], total: 6, page: 2 });
  });
});

describe('GET /api/blog/posts/{id}', () => {
  it('gives one published post with its body read into safe blocks', async () => {
    const [first] = (await get('/api/blog/posts')).json().posts;
    const response = await get(`/api/blog/posts/${first.id}`);
    expect(response.statusCode).toBe(200);
    const post = response.json();
    expect(post.title).toBe(first.title);
    expect(post.body.length).toBeGreaterThan(500);
    expect(post.blocks.some((block: { kind: string }) => block.kind === 'heading')).toBe(true);
    const links = post.blocks.flatMap((block: { parts?: { href?: string }[] }) =>
      (block.parts ?? []).filter((part) => part.href),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link: { href: string }) => link.href.startsWith('/'))).toBe(true);
    expect((await get(`/api/blog/posts/${first.slug}`)).json().id).toBe(first.id);
  });

  it('answers 404 for a draft and for a post that does not exist', async () => {
    for (const id of [String(draftId), '999999', 'no-such-post']) {
      const response = await get(`/api/blog/posts/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Post Not Found' });
    }
  });
});
