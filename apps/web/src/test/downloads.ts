import { vi } from 'vitest';

export interface Download {
  name: string;
  text: Promise<string>;
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/**
 * The files the page downloads from here on (a Blob behind an object URL, saved by clicking a
 * link with `download`), each with its name and text: jsdom saves nothing itself. The spies go
 * after the test (restoreMocks).
 */
export function captureDownloads(): Download[] {
  const blobs = new Map<string, Blob>();
  const downloads: Download[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:download-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const follow = HTMLAnchorElement.prototype.click;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (this.download && blob) downloads.push({ name: this.download, text: readText(blob) });
    else follow.call(this);
  });
  return downloads;
}
