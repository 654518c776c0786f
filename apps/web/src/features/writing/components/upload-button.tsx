/**
 * A button that picks an image (the label is the button; the file input inside it is hidden) and
 * hands it to `onFile`, which uploads it. The editor's status line says while an upload is on its
 * way.
 */
export function UploadButton({ label, onFile }: { label: string; onFile(file: File): void }) {
  return (
    <label className="button button--quiet writing-upload">
      {label}
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        className="visually-hidden"
        onChange={(event) => {
          const picked = event.currentTarget.files?.[0];
          // Cleared at once, so picking the same file again uploads it again.
          event.currentTarget.value = '';
          if (picked) onFile(picked);
        }}
      />
    </label>
  );
}
