/**
 * Images on their way up: each is checked here first (type and size, with the domain's message),
 * then uploaded; one for the body waits, once up, for its description (the alt text the page, the
 * feed and the mail carry) before it is put in on a line of its own.
 */
import { imageUploadRefusal, MESSAGES } from '@quillpost/domain';
import { useState } from 'react';
import { useWritingApi } from '../api/writing-api';
import { photoPreview } from '../photo-preview';
import type { Notice } from './use-document';

export interface UploadedImage {
  address: string;
  width: number;
  height: number;
}

/** An image up for the body, waiting for its description, with the copy the dialog shows. */
export interface DescribedImage extends UploadedImage {
  /** Drawn in the browser from the picked file; null when it could not be. */
  preview: string | null;
}

export function useImageUpload(setNotice: (notice: Notice) => void) {
  const api = useWritingApi();
  const [uploads, setUploads] = useState(0);
  // Uploaded for the body, waiting for their descriptions, in the order they arrived.
  const [waiting, setWaiting] = useState<DescribedImage[]>([]);

  /** Uploads an image; what it is now, or null when it was refused (and the owner told why). */
  async function uploaded(image: File): Promise<UploadedImage | null> {
    const refusal = imageUploadRefusal(image);
    if (refusal) {
      setNotice({ tone: 'error', text: MESSAGES[refusal] });
      return null;
    }
    setUploads((count) => count + 1);
    const result = await api.upload(image);
    setUploads((count) => count - 1);
    if (result.ok) {
      const { path: address, width, height } = result.data;
      return { address, width, height };
    }
    setNotice({ tone: 'error', text: result.message });
    return null;
  }

  return {
    uploads,
    /** An image's address once up (the featured image field's). */
    upload: async (image: File) => (await uploaded(image))?.address ?? null,
    /** Files picked, dropped or pasted into the body. */
    uploadIntoBody(files: File[]) {
      for (const image of files) {
        void Promise.all([uploaded(image), photoPreview(image)]).then(([up, preview]) => {
          if (up) setWaiting((queue) => [...queue, { ...up, preview }]);
        });
      }
    },
    /** The next image waiting for its description. */
    describing: waiting[0] ?? null,
    /** The image being described is put in (or left out): on to the next. */
    described: () => setWaiting((queue) => queue.slice(1)),
  };
}
