import { redirect } from 'react-router';
import { blogCategories, type BlogPostDetail } from '../../../core/content/blog/posts';
import { listPostsForAdmin } from '../../../core/content/blog/manage-posts';
import { runCommand } from '../../../core/commands';
import { getPost } from '../../../core/content/blog/read-posts';
import { AppError, isAppError } from '../../../core/errors';
import { formFailure, formText } from '../../lib/action-result.server';
import {
  commandContext,
  pageParam,
  searchParam,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';

/** The Blog tab: every post with its status, or one open in the editor (?edit=<id> or ?edit=new). */
export async function loadBlogTab({ context, params }: AdminLoadArgs) {
  const db = context.services.db;
  const status = params.get('status') ?? '';
  const filter = {
    q: searchParam(params),
    status: status === 'draft' || status === 'published' ? status : '',
    page: pageParam(params),
  };
  const categories = blogCategories.map(({ slug, name }) => ({ slug, name }));
  const notice =
    params.get('notice') === 'created' ? 'Draft saved. Preview it, then publish it when it is ready.' : null;
  const edit = params.get('edit');
  if (edit === 'new')
    return { filter, categories, notice, editor: { post: null }, missing: null, list: null };
  if (edit) {
    let post: BlogPostDetail | null = null;
    try {
      post = await getPost(db, edit.slice(0, 20), { includeDrafts: true });
    } catch (error) {
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    }
    if (post) return { filter, categories, notice, editor: { post }, missing: null, list: null };
    return { filter, categories, notice, editor: null, missing: edit.slice(0, 20), list: null };
  }
  const list = await listPostsForAdmin(db, filter);
  return { filter, categories, notice, editor: null, missing: null, list };
}

function postId(form: FormData): number {
  const id = Number.parseInt(formText(form, 'id'), 10);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND', 'Post Not Found');
  return id;
}

async function uploadedImage(form: FormData): Promise<Buffer | null> {
  const file = form.get('image');
  if (!file || typeof file === 'string' || file.size === 0) return null;
  return Buffer.from(await file.arrayBuffer());
}

/** Writing, editing, publishing and unpublishing posts; each change is recorded in the activity log. */
export const blogActions: Record<string, AdminActionHandler> = {
  'blog-save': async ({ context, admin, form }) => {
    const input = {
      title: formText(form, 'title'),
      excerpt: formText(form, 'excerpt'),
      body: formText(form, 'body'),
      category: formText(form, 'category'),
      tags: formText(form, 'tags'),
      author: formText(form, 'author'),
      imageAlt: formText(form, 'imageAlt'),
      removeImage: formText(form, 'removeImage'),
    };
    try {
      const image = await uploadedImage(form);
      const write = { post: input, image, defaultAuthor: admin.name };
      if (formText(form, 'id')) {
        const post = await runCommand('blog.update', commandContext(context, admin), {
          id: postId(form),
          ...write,
        });
        return {
          ok: true,
          intent: 'blog-save',
          message:
            post.status === 'published'
              ? `Changes to "${post.title}" saved. They are live on the Journal.`
              : `Draft "${post.title}" saved.`,
        } satisfies AdminActionResult;
      }
      const post = await runCommand('blog.create', commandContext(context, admin), write);
      return redirect(`/admin?tab=blog&edit=${post.id}&notice=created`);
    } catch (error) {
      return formFailure(error, 'The post could not be saved. Please check the form and try again.');
    }
  },
  'blog-publish': async ({ context, admin, form }) => {
    try {
      const { post, changed } = await runCommand('blog.publish', commandContext(context, admin), {
        id: postId(form),
        published: true,
      });
      return {
        ok: true,
        intent: 'blog-publish',
        message: changed
          ? `"${post.title}" is published and on the Journal now.`
          : `"${post.title}" was already published.`,
      } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, 'The post could not be published. Please try again.');
    }
  },
  'blog-unpublish': async ({ context, admin, form }) => {
    try {
      const { post, changed } = await runCommand('blog.publish', commandContext(context, admin), {
        id: postId(form),
        published: false,
      });
      return {
        ok: true,
        intent: 'blog-unpublish',
        message: changed
          ? `"${post.title}" is a draft again; shoppers no longer see it.`
          : `"${post.title}" was already a draft.`,
      } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, 'The post could not be taken down. Please try again.');
    }
  },
};
