import sharp from 'sharp';

/**
 * Pictures for the demo content, drawn at run time as SVG and rendered to JPEG with sharp: no
 * download, no file in the repository. Each picture follows from its seed, so a demo looks the
 * same on every machine.
 */

/** A small seeded pseudo-random generator (mulberry32): same seed, same picture. */
function random(seed: number) {
  // Neighbouring seeds would start alike: mix the seed first.
  let a = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof random>;

/** What a scene shows; the time of day sets the sky and the light. */
export type SceneKind = 'camp' | 'mountains' | 'forest' | 'lake' | 'campfire';
type TimeOfDay = 'day' | 'dusk' | 'night' | 'dawn';

const SKIES: Record<TimeOfDay, [string, string, string]> = {
  day: ['#3a7bd5', '#7fb8ec', '#d6ecfa'],
  dusk: ['#2b1f4f', '#c0506d', '#f7b267'],
  night: ['#070b1f', '#16204a', '#2c3e72'],
  dawn: ['#5d7ab8', '#e9a4a0', '#fbe3b5'],
};

/** Mountain, meadow and tree colours, from the back to the front, per time of day. */
const LAND: Record<TimeOfDay, { hills: string[]; ground: [string, string]; tree: string }> = {
  day: {
    hills: ['#9db4c9', '#6f8fa8', '#4f7a5c'],
    ground: ['#6fa64b', '#3f7a34'],
    tree: '#1f5130',
  },
  dusk: {
    hills: ['#8a5f86', '#5e4470', '#3b3553'],
    ground: ['#4d5a3a', '#2f3a26'],
    tree: '#1d2a1e',
  },
  night: {
    hills: ['#2a3558', '#1e2846', '#151d33'],
    ground: ['#1b2a24', '#101a16'],
    tree: '#0a140f',
  },
  dawn: {
    hills: ['#b7a4bf', '#8d86a8', '#5c7a6b'],
    ground: ['#7ea45a', '#4e7a3c'],
    tree: '#23472f',
  },
};

const TENT_COLOURS = ['#e67e22', '#f1c40f', '#c0392b', '#27ae60', '#2980b9', '#8e44ad', '#d35400'];

/** A ridge line across the picture: `peaks` summits between `top` and `bottom`. */
function ridge(r: Random, w: number, h: number, top: number, bottom: number, peaks: number) {
  const points: string[] = [`0,${h}`];
  const step = w / peaks;
  for (let i = 0; i <= peaks; i += 1) {
    const x = i * step + r.between(-step / 4, step / 4);
    points.push(`${Math.max(0, Math.min(w, x)).toFixed(0)},${r.between(top, bottom).toFixed(0)}`);
    if (i < peaks) {
      const vx = x + step / 2;
      points.push(
        `${vx.toFixed(0)},${r.between(bottom, bottom + (bottom - top) * 0.6).toFixed(0)}`,
      );
    }
  }
  points.push(`${w},${h}`);
  return points.join(' ');
}

/** A pine tree standing at (x, y) with height `s`. */
function pine(x: number, y: number, s: number, colour: string): string {
  const trunk = `<rect x="${x - s * 0.04}" y="${y - s * 0.15}" width="${s * 0.08}" height="${s * 0.15}" fill="#4a3222"/>`;
  const tiers = [0, 1, 2]
    .map((i) => {
      const top = y - s + i * s * 0.22;
      const base = y - s * 0.12 - (2 - i) * s * 0.12;
      const half = s * (0.2 + i * 0.07);
      return `<polygon points="${x},${top} ${x - half},${base} ${x + half},${base}" fill="${colour}"/>`;
    })
    .join('');
  return trunk + tiers;
}

/** A tent at (x, y) of width `s`, with its door. */
function tent(x: number, y: number, s: number, colour: string): string {
  const h = s * 0.7;
  return (
    `<polygon points="${x},${y - h} ${x - s / 2},${y} ${x + s / 2},${y}" fill="${colour}"/>` +
    `<polygon points="${x},${y - h} ${x + s / 2},${y} ${x + s * 0.62},${y - s * 0.05} ${x + s * 0.1},${y - h}" fill="${colour}" opacity="0.7"/>` +
    `<polygon points="${x},${y - h * 0.55} ${x - s * 0.13},${y} ${x + s * 0.13},${y}" fill="#2b2118" opacity="0.75"/>` +
    `<line x1="${x}" y1="${y - h}" x2="${x}" y2="${y - h - s * 0.08}" stroke="#3b2a1a" stroke-width="${s * 0.03}"/>`
  );
}

/** A campfire at (x, y) of size `s`: a glow, logs and three flames. */
function campfire(x: number, y: number, s: number): string {
  return (
    `<circle cx="${x}" cy="${y - s * 0.3}" r="${s * 2.2}" fill="url(#glow)"/>` +
    `<rect x="${x - s * 0.6}" y="${y - s * 0.12}" width="${s * 1.2}" height="${s * 0.16}" rx="${s * 0.07}" fill="#5b3a1e" transform="rotate(12 ${x} ${y})"/>` +
    `<rect x="${x - s * 0.6}" y="${y - s * 0.12}" width="${s * 1.2}" height="${s * 0.16}" rx="${s * 0.07}" fill="#6e4526" transform="rotate(-12 ${x} ${y})"/>` +
    `<path d="M${x - s * 0.35},${y - s * 0.1} Q${x - s * 0.4},${y - s * 0.7} ${x},${y - s * 1.3} Q${x + s * 0.4},${y - s * 0.7} ${x + s * 0.35},${y - s * 0.1} Z" fill="#e74c3c"/>` +
    `<path d="M${x - s * 0.22},${y - s * 0.1} Q${x - s * 0.25},${y - s * 0.55} ${x + s * 0.05},${y - s * 0.95} Q${x + s * 0.28},${y - s * 0.5} ${x + s * 0.22},${y - s * 0.1} Z" fill="#f39c12"/>` +
    `<path d="M${x - s * 0.1},${y - s * 0.1} Q${x - s * 0.12},${y - s * 0.35} ${x},${y - s * 0.6} Q${x + s * 0.12},${y - s * 0.35} ${x + s * 0.1},${y - s * 0.1} Z" fill="#f9e79f"/>`
  );
}

/** A scene of a scout outing as SVG: sky, sun or moon, ridges, meadow, trees, tents, a fire. */
export function sceneSvg(seed: number, kind: SceneKind, width = 1200, height = 800): string {
  const r = random(seed);
  const time: TimeOfDay =
    kind === 'campfire'
      ? r.pick(['night', 'dusk'] as const)
      : r.pick(['day', 'day', 'dusk', 'dawn'] as const);
  const [skyTop, skyMid, skyLow] = SKIES[time];
  const land = LAND[time];
  const w = width;
  const h = height;
  const horizon = h * r.between(0.55, 0.68);
  const parts: string[] = [];

  parts.push(
    `<defs>` +
      `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="0.6" stop-color="${skyMid}"/><stop offset="1" stop-color="${skyLow}"/></linearGradient>` +
      `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${land.ground[0]}"/><stop offset="1" stop-color="${land.ground[1]}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="#ffb347" stop-opacity="0.55"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>` +
      `<radialGradient id="sun"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.5" stop-color="#ffe08a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe08a" stop-opacity="0"/></radialGradient>` +
      `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyMid}"/><stop offset="1" stop-color="${skyTop}"/></linearGradient>` +
      `</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
  );

  // Stars and moon by night; sun (low at dusk and dawn) and clouds by day.
  if (time === 'night') {
    for (let i = 0; i < 90; i += 1) {
      parts.push(
        `<circle cx="${r.between(0, w).toFixed(0)}" cy="${r.between(0, horizon * 0.8).toFixed(0)}" r="${r.between(0.6, 2).toFixed(1)}" fill="#fff" opacity="${r.between(0.4, 1).toFixed(2)}"/>`,
      );
    }
    const mx = r.between(w * 0.15, w * 0.85);
    const my = r.between(h * 0.1, h * 0.25);
    parts.push(
      `<circle cx="${mx}" cy="${my}" r="${w * 0.04}" fill="#f4f1de"/>`,
      `<circle cx="${mx + w * 0.018}" cy="${my - w * 0.01}" r="${w * 0.036}" fill="${skyTop}"/>`,
    );
  } else {
    const low = time !== 'day';
    const sx = r.between(w * 0.15, w * 0.85);
    const sy = low ? horizon - h * 0.08 : r.between(h * 0.1, h * 0.22);
    parts.push(`<circle cx="${sx}" cy="${sy}" r="${w * 0.12}" fill="url(#sun)"/>`);
    const clouds = Math.floor(r.between(2, 5));
    for (let i = 0; i < clouds; i += 1) {
      const cx = r.between(0, w);
      const cy = r.between(h * 0.08, horizon * 0.55);
      const cw = r.between(w * 0.06, w * 0.12);
      const colour = time === 'day' ? '#ffffff' : '#fde2c8';
      parts.push(
        `<g fill="${colour}" opacity="0.85"><ellipse cx="${cx}" cy="${cy}" rx="${cw}" ry="${cw * 0.32}"/><ellipse cx="${cx - cw * 0.4}" cy="${cy + cw * 0.08}" rx="${cw * 0.55}" ry="${cw * 0.25}"/><ellipse cx="${cx + cw * 0.35}" cy="${cy - cw * 0.12}" rx="${cw * 0.5}" ry="${cw * 0.3}"/></g>`,
      );
    }
  }

  // Ridges, lighter and higher at the back; snow on the far ones for mountain scenes.
  const layers = kind === 'mountains' ? 3 : 2;
  for (let i = 0; i < layers; i += 1) {
    const top = horizon - h * (kind === 'mountains' ? 0.42 - i * 0.1 : 0.22 - i * 0.06);
    const bottom = horizon - h * (0.1 - i * 0.03);
    const colour = land.hills[i + (3 - layers)] ?? land.hills[0];
    const points = ridge(r, w, h, top, bottom, Math.floor(r.between(3, 6)));
    parts.push(`<polygon points="${points}" fill="${colour}"/>`);
    if (kind === 'mountains' && i === 0 && time !== 'night') {
      parts.push(
        `<polygon points="${points}" fill="#ffffff" opacity="0.35" transform="translate(0 ${h * 0.015})"/>`,
      );
    }
  }

  // The meadow, and a lake in front of the hills.
  parts.push(
    `<rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#ground)"/>`,
  );
  if (kind === 'lake') {
    const lx = r.between(w * 0.3, w * 0.7);
    parts.push(
      `<ellipse cx="${lx}" cy="${horizon + h * 0.1}" rx="${w * 0.32}" ry="${h * 0.07}" fill="url(#water)" opacity="0.9"/>`,
      `<ellipse cx="${lx}" cy="${horizon + h * 0.1}" rx="${w * 0.25}" ry="${h * 0.01}" fill="#ffffff" opacity="0.25"/>`,
    );
  }
  if (kind === 'mountains') {
    // A trail winding up to the ridge.
    const x0 = r.between(w * 0.3, w * 0.7);
    parts.push(
      `<path d="M${x0},${h} C${x0 - w * 0.25},${h - h * 0.15} ${x0 + w * 0.2},${horizon + h * 0.1} ${x0 - w * 0.05},${horizon}" stroke="#c9b38a" stroke-width="${w * 0.012}" fill="none" stroke-linecap="round" opacity="0.9"/>`,
    );
  }

  // Things on the meadow, far (small) to near (big), so nearer ones cover farther ones.
  const items: { y: number; svg: string }[] = [];
  const trees = kind === 'forest' ? 26 : kind === 'lake' ? 10 : 12;
  for (let i = 0; i < trees; i += 1) {
    const y = r.between(horizon + 4, h * (kind === 'forest' ? 1.05 : 0.8));
    const depth = (y - horizon) / (h - horizon);
    const x = r.pick([r.between(0, w * 0.3), r.between(w * 0.7, w), r.between(0, w)]);
    items.push({ y, svg: pine(x, y, h * (0.12 + depth * 0.45), land.tree) });
  }
  if (kind === 'camp' || kind === 'campfire' || kind === 'lake') {
    const tents = kind === 'camp' ? Math.floor(r.between(3, 6)) : Math.floor(r.between(1, 3));
    for (let i = 0; i < tents; i += 1) {
      const y = r.between(horizon + h * 0.08, h * 0.85);
      const depth = (y - horizon) / (h - horizon);
      items.push({
        y,
        svg: tent(r.between(w * 0.2, w * 0.8), y, w * (0.06 + depth * 0.12), r.pick(TENT_COLOURS)),
      });
    }
  }
  if (kind === 'campfire' || (kind === 'camp' && time !== 'day')) {
    items.push({ y: h * 0.9, svg: campfire(r.between(w * 0.35, w * 0.65), h * 0.9, w * 0.06) });
  }
  items.sort((a, b) => a.y - b.y);
  parts.push(...items.map((item) => item.svg));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

const BACKGROUNDS = ['#e8d5b7', '#b8d8d8', '#f4c095', '#c7d3bf', '#d6c3e0', '#f2d7d9', '#bcd4e6'];
const SHIRTS = ['#1b4965', '#5f0f40', '#386641', '#9c6644', '#3d405b', '#6a4c93'];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'];
const HAIR = ['#2c1b10', '#5a3825', '#a0522d', '#d8b25c', '#1a1a1a', '#7b7b7b'];
const SCARVES = ['#c0392b', '#27ae60', '#f39c12', '#2980b9', '#8e44ad'];

/** A portrait of a scouter as SVG: head and shoulders in uniform with the group's neckerchief. */
export function portraitSvg(seed: number, size = 800): string {
  const r = random(seed);
  const s = size;
  const skin = r.pick(SKIN);
  const hair = r.pick(HAIR);
  const longHair = r.next() < 0.5;
  const shirt = r.pick(SHIRTS);
  const scarf = r.pick(SCARVES);
  const cx = s / 2;
  const headY = s * 0.4;
  const headR = s * 0.17;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
<defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
<rect width="${s}" height="${s}" fill="${r.pick(BACKGROUNDS)}"/><rect width="${s}" height="${s}" fill="url(#bg)"/>
${longHair ? `<rect x="${cx - headR * 1.08}" y="${headY - headR * 0.3}" width="${headR * 2.16}" height="${headR * 1.9}" rx="${headR * 0.5}" fill="${hair}"/>` : ''}
<path d="M${cx - s * 0.36},${s} C${cx - s * 0.36},${s * 0.72} ${cx - s * 0.22},${s * 0.64} ${cx},${s * 0.64} C${cx + s * 0.22},${s * 0.64} ${cx + s * 0.36},${s * 0.72} ${cx + s * 0.36},${s} Z" fill="${shirt}"/>
<rect x="${cx - headR * 0.35}" y="${headY + headR * 0.7}" width="${headR * 0.7}" height="${headR * 0.7}" fill="${skin}"/>
<polygon points="${cx - s * 0.15},${s * 0.655} ${cx + s * 0.15},${s * 0.655} ${cx},${s * 0.86}" fill="${scarf}"/>
<circle cx="${cx}" cy="${s * 0.7}" r="${s * 0.025}" fill="#d4ac0d"/>
<circle cx="${cx}" cy="${headY}" r="${headR}" fill="${skin}"/>
<path d="M${cx - headR * 1.02},${headY - headR * 0.05} A${headR * 1.02},${headR * 1.02} 0 0 1 ${cx + headR * 1.02},${headY - headR * 0.05} C${cx + headR * 0.6},${headY - headR * 0.55} ${cx - headR * 0.3},${headY - headR * 0.4} ${cx - headR * 1.02},${headY - headR * 0.05} Z" fill="${hair}"/>
<circle cx="${cx - headR * 0.35}" cy="${headY + headR * 0.1}" r="${headR * 0.08}" fill="#2d2d2d"/>
<circle cx="${cx + headR * 0.35}" cy="${headY + headR * 0.1}" r="${headR * 0.08}" fill="#2d2d2d"/>
<path d="M${cx - headR * 0.35},${headY + headR * 0.45} Q${cx},${headY + headR * 0.7} ${cx + headR * 0.35},${headY + headR * 0.45}" stroke="#7b3f2a" stroke-width="${headR * 0.07}" fill="none" stroke-linecap="round"/>
</svg>`;
}

/** Renders an SVG to JPEG bytes, like a camera would hand them over. */
export function svgToJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
