import './avatar.css';

/** A person's picture: their provider avatar, else the first letter of their name. */
export function initialOf(name: string | null | undefined, fallback = '?'): string {
  return (name?.trim() || fallback).charAt(0).toUpperCase();
}

export function Avatar({
  name,
  url,
  size = 40,
}: {
  name: string | null | undefined;
  url: string | null | undefined;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: size * 0.42 };
  if (url) {
    return (
      <img
        className="avatar"
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
        style={style}
      />
    );
  }
  return (
    <span className="avatar avatar--initial" aria-hidden="true" style={style}>
      {initialOf(name)}
    </span>
  );
}
