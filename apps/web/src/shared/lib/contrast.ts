/** WCAG 2.2's relative luminance of an opaque `#rrggbb` colour. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const v = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.2's contrast ratio between two opaque `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#141414';

/**
 * The text colour that reads best on a background a person picked (a text story's colour): white
 * or near black, whichever contrasts more. White on the brand blue is only 2.4:1, too faint to read.
 */
export const readableTextOn = (background: string) =>
  contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
