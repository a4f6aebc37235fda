/** The relative luminance of an sRGB channel (0–255), as WCAG 2 defines it. */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of `#rrggbb` (0 black … 1 white); null when it is not that shape. */
export function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => channel(Number.parseInt(part, 16))) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio between two luminances (1 … 21). */
export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour that reads best on a background of `hex` (a section's badge): black or white,
 * whichever contrasts more, so any colour an admin picks stays legible. An unreadable colour gets
 * white, on the dark grey the badge then falls back to.
 */
export function readableTextColour(hex: string): '#000000' | '#ffffff' {
  const background = luminance(hex);
  if (background === null) return '#ffffff';
  return contrastRatio(background, 0) > contrastRatio(background, 1) ? '#000000' : '#ffffff';
}

/** The grey a badge falls back to when its colour cannot be read. */
const FALLBACK_BACKGROUND = '#495057';

/** A badge's background and text colours for a section coloured `hex`. */
export function badgeColours(hex: string): { backgroundColor: string; color: string } {
  const backgroundColor = luminance(hex) === null ? FALLBACK_BACKGROUND : hex;
  return { backgroundColor, color: readableTextColour(backgroundColor) };
}
