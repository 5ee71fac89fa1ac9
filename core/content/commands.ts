import { z } from 'zod';
import { command } from '../command';
import { sendAnnouncement } from './announcements';
import { createPost, setPostPublished, updatePost } from './blog/manage-posts';
import { messageStatusChangeSchema, setContactMessageStatus } from './messages';

/** A record's id as a route or a form carries it; the domain says 404 for one that is no record's. */
const recordId = z.unknown();
const postId = z.number().int().positive();

/** What staff write for shoppers to read: the Journal, announcements, and the contact inbox (core/commands gathers every domain's). */
export const contentCommands = {
  'blog.create': command({
    permission: 'content.manage',
    summary: 'Write a Journal post, a draft until it is published; a picture may come with it.',
    // The post's fields are judged by the domain (blogPostInputSchema, whose tags are read once), naming each one.
    input: z.object({ post: z.unknown(), image: z.instanceof(Buffer).nullable(), defaultAuthor: z.string() }),
    run: ({ services, actor }, { post, image, defaultAuthor }) =>
      createPost(services, actor, post, { image, defaultAuthor }),
  }),
  'blog.update': command({
    permission: 'content.manage',
    summary:
      'Change a Journal post, its picture or its words; a published one changes on the Journal at once.',
    input: z.object({
      id: postId,
      post: z.unknown(),
      image: z.instanceof(Buffer).nullable(),
      defaultAuthor: z.string(),
    }),
    run: ({ services, actor }, { id, post, image, defaultAuthor }) =>
      updatePost(services, actor, id, post, { image, defaultAuthor }),
  }),
  'blog.publish': command({
    permission: 'content.manage',
    summary: 'Publish a Journal post, or take it back to a draft.',
    input: z.object({ id: postId, published: z.boolean() }),
    run: ({ db, actor }, { id, published }) => setPostPublished({ db }, actor, id, published),
  }),
  'announcements.send': command({
    permission: 'content.manage',
    summary: 'Send an announcement to every customer’s notifications.',
    // Judged by the domain (parseAnnouncement), which names each field; its link is read once.
    input: z.unknown(),
    run: ({ db, actor }, announcement) => sendAnnouncement(db, actor, announcement),
  }),
  'messages.status': command({
    permission: 'messages.manage',
    summary: 'Mark a contact message new (unread), read or replied.',
    input: z.object({ id: recordId, change: messageStatusChangeSchema }),
    run: ({ db, actor }, { id, change }) => setContactMessageStatus(db, actor, id, change),
  }),
};
