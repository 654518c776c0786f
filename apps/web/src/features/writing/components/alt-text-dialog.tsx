/**
 * Asked once an image for the body is up: what it shows, in words. The description goes in the
 * Markdown (`![…](…)`), so the page, the feed and the mail all carry it; left empty, the image is
 * taken as decoration and screen readers pass it by.
 */
import { useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import type { DescribedImage } from '../hooks/use-image-upload';

export function AltTextDialog({
  image,
  onInsert,
  onCancel,
}: {
  image: DescribedImage;
  onInsert(alt: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [alt, setAlt] = useState('');
  return (
    <Dialog labelledBy={`${id}-title`} onClose={onCancel} initialFocus={field}>
      <form
        className="writing-alt"
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog sits in a portal, but React still hands its submit to the editor's form.
          event.stopPropagation();
          onInsert(alt);
        }}
      >
        <h2 id={`${id}-title`} className="writing-alt__title">
          Describe the image
        </h2>
        {/* Named by the description as it is typed: the image as the post will carry it. */}
        <img
          src={image.preview ?? image.address}
          width={image.width}
          height={image.height}
          alt={alt}
          className="writing-alt__thumb"
        />
        <Field
          id={`${id}-alt`}
          label="What does it show?"
          hint="Read aloud to people who cannot see it, and shown where images are off. Leave it empty for decoration."
        >
          {(control) => (
            <textarea
              {...control}
              ref={field}
              className="field__input"
              rows={2}
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
          )}
        </Field>
        <div className="writing-actions">
          <button type="submit" className="button button--primary">
            Insert Image
          </button>
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Leave It Out
          </button>
        </div>
      </form>
    </Dialog>
  );
}
