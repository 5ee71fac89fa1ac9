import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaUrl, srcSet } from '../../../contracts/media';
import { blogCategory, type BlogPostDetail, type BlogPostSummary } from '../../../core/content/blog/posts';
import { blogListQuerySchema, getPost, listPublishedPosts } from '../../../core/content/blog/read-posts';
import { parseBlogBody } from '../../../core/content/blog/post-body';
import { AppError } from '../../../core/errors';
import { errorResponses } from '../schemas';

const namedDto = z.object({ slug: z.string(), name: z.string() });

const blogImageDto = z.object({
  url: z.string().describe('The 960 px wide WebP'),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
});

export const blogPostSummaryDto = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: blogImageDto.nullable(),
  author: z.string(),
  date: z.string().describe('When it was published (ISO 8601)'),
  category: namedDto,
  tags: z.array(namedDto),
});

const inlineDto = z.object({ text: z.string(), href: z.string().optional() });

export const blogPostDetailDto = blogPostSummaryDto.extend({
  body: z.string().describe("Plain text: paragraphs split by blank lines, '## ' headings, '- ' lists"),
  blocks: z
    .array(
      z.object({
        kind: z.enum(['heading', 'paragraph', 'list']),
        text: z.string().optional(),
        parts: z.array(inlineDto).optional(),
        items: z.array(z.array(inlineDto)).optional(),
      }),
    )
    .describe('The body read into blocks; links only ever lead to pages of this shop'),
});

function toSummaryDto(post: BlogPostSummary): z.infer<typeof blogPostSummaryDto> {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    image: post.image
      ? {
          url: mediaUrl(post.image.key, 960),
          srcSet: srcSet(post.image),
          width: post.image.width,
          height: post.image.height,
          alt: post.image.alt,
        }
      : null,
    author: post.author,
    date: post.publishedAt ?? post.updatedAt,
    category: post.category,
    tags: post.tags,
  };
}

const toDetailDto = (post: BlogPostDetail): z.infer<typeof blogPostDetailDto> => ({
  ...toSummaryDto(post),
  body: post.body,
  blocks: parseBlogBody(post.body),
});

/** The Journal: published posts only; drafts are not found. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blog/posts',
    {
      schema: {
        tags: ['content'],
        summary: 'Published blog posts, newest first, 6 a page; one category (slug) or one tag (slug)',
        querystring: blogListQuerySchema,
        response: {
          200: z.object({
            posts: z.array(blogPostSummaryDto),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            pageCount: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (request.query.category && !blogCategory(request.query.category))
        throw new AppError('NOT_FOUND', 'Category not found');
      const page = await listPublishedPosts(app.db, request.query);
      return { ...page, posts: page.posts.map(toSummaryDto) };
    },
  );

  app.get(
    '/blog/posts/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One published blog post with its body',
        params: z.object({ id: z.string().min(1).max(120) }),
        response: { 200: blogPostDetailDto, ...errorResponses },
      },
    },
    async (request) => toDetailDto(await getPost(app.db, request.params.id)),
  );
};
