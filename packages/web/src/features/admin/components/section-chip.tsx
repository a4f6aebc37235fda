import type { SectionRef } from '@fogata/shared';

/** Black or white, whichever reads better on `colour` (`#rrggbb`), by WCAG's relative luminance. */
export function textOn(colour: string): '#000' | '#fff' {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return '#fff';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white is (1.05)/(L+0.05), with black (L+0.05)/0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}

/** A section's name on its colour. */
export function SectionChip({ section }: { section: SectionRef }) {
  return (
    <span
      className="badge section-chip"
      style={{ backgroundColor: section.colour, color: textOn(section.colour) }}
    >
      {section.name}
    </span>
  );
}
