import { linkifyText } from '@quillpost/domain';

/**
 * Comment text as text: React escapes every character, line breaks are kept by CSS, and only
 * http(s) URLs become links (the domain decides which), opened without referrer or opener.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="comment-text">
      {linkifyText(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} rel="nofollow ugc noopener noreferrer" target="_blank">
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
