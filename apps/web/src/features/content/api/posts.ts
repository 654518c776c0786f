import { messageTemplates, type Post } from '@quillpost/domain';

/** 'Failed to fetch post: {status}' for a post that could not be loaded. */
export function postFailureMessage(status: number): string {
  return messageTemplates.failedToFetchPost(status);
}

/** A post as lists show it: everything but the body, which only its own page needs. */
export type PostSummary = Omit<Post, 'content'>;

export function summarizePost({ content: _content, ...summary }: Post): PostSummary {
  return summary;
}

export interface PostNeighbours {
  /** The post published just before this one. */
  previous: PostSummary | null;
  /** The post published just after this one. */
  next: PostSummary | null;
}

/** Previous and next in publication order, from a newest-first list. */
export function postNeighbours(posts: readonly Post[], slug: string): PostNeighbours {
  const index = posts.findIndex((post) => post.slug === slug);
  if (index === -1) return { previous: null, next: null };
  const around = (post: Post | undefined) => (post ? summarizePost(post) : null);
  return { previous: around(posts[index + 1]), next: around(posts[index - 1]) };
}
