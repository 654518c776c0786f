import { ROLE_LABELS, type Comment } from '@quillpost/domain';
import { useSite } from '../lib/use-site';
import { Avatar } from './avatar';
import { RemoteAuthor } from './remote-author';
import './comment-author.css';

/** A comment's author by name, never "?": a nameless owner is the site's owner, anyone else a member. */
export function commentAuthorName(author: Comment['author'], ownerName: string): string {
  return author?.name ?? (author?.level === 'admin' ? ownerName : 'A member');
}

/**
 * Who wrote a comment, wherever it is read (the conversation under a post, the members' threads):
 * their picture, their name, and their role when they are staff.
 */
export function CommentAuthor({ author }: { author: Comment['author'] }) {
  const name = commentAuthorName(author, useSite().owner.name);
  const staff = author?.level === 'admin' || author?.level === 'moderator';
  return (
    <>
      <Avatar name={name} url={author?.avatarUrl} size={32} />
      <span className="comment-author">{name}</span>
      {staff ? <span className="comment-author__role">{ROLE_LABELS[author.level]}</span> : null}
    </>
  );
}

/** Who wrote a comment, a member of this site or someone on another server. */
export function CommentByline({ comment }: { comment: Pick<Comment, 'author' | 'remote'> }) {
  return comment.remote ? (
    <RemoteAuthor remote={comment.remote} />
  ) : (
    <CommentAuthor author={comment.author} />
  );
}
