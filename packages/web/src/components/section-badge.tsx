import type { SectionRef } from '@fogata/shared';

/** The relative luminance of `#rrggbb` (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The text colour that reads best on `background` (`#rrggbb`): black or white, whichever has the
 * higher contrast ratio, so any colour an admin picks keeps the badge legible.
 */
export function textColourOn(background: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return '#ffffff';
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}

/** A section's badge, in the section's colour (a child's section, an album's audience). */
export function SectionBadge({ section, className }: { section: SectionRef; className?: string }) {
  return (
    <span
      className={['badge rounded-pill text-wrap section-badge', className]
        .filter(Boolean)
        .join(' ')}
      style={{ backgroundColor: section.colour, color: textColourOn(section.colour) }}
    >
      {section.name}
    </span>
  );
}
