/** The windows every screenshot tool shoots: a phone and a desktop, each light and dark. */
export const SCREENSHOT_VIEWS = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).map((colorScheme) => ({
    width,
    colorScheme,
    viewport: { width, height: width === 390 ? 844 : 900 },
  })),
);
