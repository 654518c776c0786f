/**
 * A button that picks an image and uploads it (the label is the button; the file input inside it
 * is hidden): `onUpload` answers the address the image now has, or null when it was refused. The
 * editor's status line says while an upload is on its way.
 */
export function UploadButton({
  label,
  onUpload,
  onUploaded,
}: {
  label: string;
  onUpload(file: File): Promise<string | null>;
  onUploaded(address: string): void;
}) {
  return (
    <label className="button button--quiet writing-upload">
      {label}
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        className="visually-hidden"
        onChange={async (event) => {
          const picked = event.currentTarget.files?.[0];
          // Cleared at once, so picking the same file again uploads it again.
          event.currentTarget.value = '';
          const address = picked ? await onUpload(picked) : null;
          if (address) onUploaded(address);
        }}
      />
    </label>
  );
}
