import { isSafeWebUrl, type Comment } from '@quillpost/domain';
import { Avatar } from './avatar';
import './comment-author.css';

type Remote = NonNullable<Comment['remote']>;

const SOURCE_LABELS: Record<Remote['source'], string> = {
  fediverse: 'via the fediverse',
  webmention: 'via Webmention',
};

/** An address from another server, linked only when it is an http(s) page. */
function RemoteLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: string;
}) {
  return isSafeWebUrl(href) ? (
    <a className={className} href={href} rel="nofollow ugc noopener noreferrer">
      {children}
    </a>
  ) : (
    <span className={className}>{children}</span>
  );
}

/**
 * Who wrote a reply on another server (decision 0033), wherever comments are read: their picture
 * (served from our origin) or initial, their name linking to their profile, their handle, and
 * where the reply came from, linking to the original.
 */
export function RemoteAuthor({ remote }: { remote: Remote }) {
  const { author } = remote;
  return (
    <>
      <Avatar name={author.name} url={author.avatarUrl} size={32} />
      <RemoteLink className="comment-author" href={author.url}>
        {author.name}
      </RemoteLink>
      {author.handle ? <span className="comment-author__handle">{author.handle}</span> : null}
      <RemoteLink className="comment-author__source" href={remote.url}>
        {SOURCE_LABELS[remote.source]}
      </RemoteLink>
    </>
  );
}
