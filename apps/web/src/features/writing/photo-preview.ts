/** How wide the copy is drawn: the alt-text dialog shows it at most 12rem tall. */
const PREVIEW_WIDTH = 640;

/**
 * A small copy of a photo the owner picked, drawn in the browser as a data: URL (the one kind of
 * local address the site's Content-Security-Policy lets an image take): it shows at once, while
 * the server's copy of a phone photo takes seconds to be made. Null when the browser cannot
 * draw it; the server's copy is shown then.
 */
export async function photoPreview(file: File): Promise<string | null> {
  try {
    // Decoded off the main thread, upright by its EXIF orientation.
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_WIDTH / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    return null;
  }
}
