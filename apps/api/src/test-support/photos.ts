/**
 * Photos as a phone takes them, made here so tests need no binary fixtures: a landscape with
 * the grain of a real sensor (so it weighs what a phone photo weighs), in JPEG with the EXIF a
 * phone writes: make and model, an orientation, and the GPS position of where it was taken.
 */
import sharp from 'sharp';

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** EXIF orientation: 6 means the sensor's picture must turn a quarter clockwise. */
  orientation?: number;
  quality?: number;
  seed?: number;
}

/** The position written into every test photo's EXIF: the owner's home, which must not leak. */
export const PHOTO_GPS = { latitude: [51, 30, 26], longitude: [0, 7, 39] } as const;

function landscapeSvg(width: number, height: number): string {
  const horizon = Math.round(height * 0.58);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b6fa8"/><stop offset="1" stop-color="#f2c894"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f5d78"/><stop offset="1" stop-color="#0f2a3a"/></linearGradient>
</defs>
<rect width="${width}" height="${horizon}" fill="url(#sky)"/>
<circle cx="${width * 0.72}" cy="${horizon * 0.78}" r="${height * 0.07}" fill="#fff1cf"/>
<path d="M0 ${horizon} L${width * 0.18} ${horizon * 0.72} L${width * 0.34} ${horizon * 0.9} L${width * 0.5} ${horizon * 0.66} L${width * 0.66} ${horizon} Z" fill="#4a5a4f"/>
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#sea)"/>
<path d="M${width * 0.1} ${height * 0.8} q${width * 0.2} ${-height * 0.05} ${width * 0.4} 0 t${width * 0.4} 0" stroke="#9cc3d9" stroke-width="${height * 0.01}" fill="none"/>
</svg>`;
}

/** Deterministic noise, -amplitude to amplitude: the same seed gives the same photo. */
function noise(length: number, seed: number, amplitude: number): Int16Array {
  const values = new Int16Array(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    values[index] = ((state >>> 0) % (2 * amplitude + 1)) - amplitude;
  }
  return values;
}

/**
 * Texture a scene has (leaves, ripples, stone: detail a few pixels across, which survives being
 * made smaller) and the grain of a sensor on top.
 */
async function detail(pixels: Buffer, width: number, height: number, seed: number) {
  const small = { width: Math.ceil(width / 4), height: Math.ceil(height / 4) };
  const coarse = Buffer.from(
    Uint8Array.from(noise(small.width * small.height, seed + 1, 40), (value) => value + 128),
  );
  const texture = await sharp(coarse, { raw: { ...small, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = noise(pixels.length, seed, 10);
  for (let index = 0; index < pixels.length; index += 1) {
    const value = pixels[index]! + (texture[Math.floor(index / 3)]! - 128) + grain[index]!;
    pixels[index] = Math.max(0, Math.min(255, value));
  }
}

/** A JPEG photo with GPS EXIF; 4000 × 3000 at quality 92 weighs over 3 MB. */
export async function phonePhoto(options: PhotoOptions = {}): Promise<Buffer> {
  const { width = 1600, height = 1200, orientation = 1, quality = 92, seed = 7 } = options;
  const { data, info } = await sharp(Buffer.from(landscapeSvg(width, height)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  await detail(data, info.width, info.height, seed);
  const dms = (values: readonly number[]) => values.map((value) => `${value}/1`).join(' ');
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .withExif({
      IFD0: { Make: 'Pixelphone', Model: 'Pixelphone 9', Software: 'Camera 2.1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: dms(PHOTO_GPS.latitude),
        GPSLongitudeRef: 'W',
        GPSLongitude: dms(PHOTO_GPS.longitude),
      },
    })
    .withMetadata({ orientation })
    .jpeg({ quality })
    .toBuffer();
}

/** What a served image is, as a test checks it: its size, its format and any metadata left. */
export async function imageFacts(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  return {
    width: metadata.width ?? 0,
    height: metadata.height ?? 0,
    format: metadata.format,
    metadata: [metadata.exif, metadata.xmp, metadata.iptc].filter(Boolean).length,
  };
}
