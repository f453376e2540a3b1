import type { TBrandType, TRarity } from '@cypher/contract';

/**
 * Artwork for the demo catalogue, drawn in code: the same name always gives the same picture (a PRNG seeded by the
 * name), so `seed --reset` rebuilds identical files and nothing is downloaded. Pure SVG text; the seeder renders it.
 */

/** cyrb53: a small, well-mixed string hash, enough to seed the PRNG. */
function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** mulberry32: deterministic numbers in [0, 1). */
function seededRandom(seed: string) {
  let state = hashString(seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof seededRandom>;

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(((hue % 360) + 360) % 360)}, ${saturation}%, ${lightness}%)`;
const round = (value: number) => Math.round(value * 10) / 10;

const palettes = [
  { name: 'Neon Dusk', hue: 285 },
  { name: 'Deep Ocean', hue: 205 },
  { name: 'Ember', hue: 14 },
  { name: 'Aurora', hue: 160 },
  { name: 'Solar', hue: 42 },
  { name: 'Sakura', hue: 330 },
  { name: 'Cobalt', hue: 228 },
  { name: 'Jade', hue: 140 },
] as const;

const motifs = ['Rings', 'Rays', 'Constellation', 'Waves', 'Grid'] as const;
type TMotif = (typeof motifs)[number];

/** The frame tells the rarity at a glance, the same colours the web uses for rarity badges. */
const rarityFrames: Record<TRarity, { name: string; colors: [string, string, string]; width: number }> = {
  COMMON: { name: 'Silver', colors: ['#cbd5e1', '#94a3b8', '#e2e8f0'], width: 14 },
  RARE: { name: 'Sapphire', colors: ['#60a5fa', '#2563eb', '#93c5fd'], width: 18 },
  EPIC: { name: 'Amethyst', colors: ['#c084fc', '#7e22ce', '#e9d5ff'], width: 22 },
  LEGENDARY: { name: 'Gold', colors: ['#fde68a', '#d97706', '#fff7d6'], width: 28 },
};

function polygonPoints(cx: number, cy: number, radius: number, sides: number, rotation: number, inner?: number) {
  const count = inner === undefined ? sides : sides * 2;
  return Array.from({ length: count }, (_, index) => {
    const r = inner !== undefined && index % 2 === 1 ? inner : radius;
    const angle = rotation + (index * Math.PI * 2) / count;
    return `${round(cx + r * Math.cos(angle))},${round(cy + r * Math.sin(angle))}`;
  }).join(' ');
}

function motifLayer(motif: TMotif, random: Random, size: number, color: string): string {
  const c = size / 2;
  switch (motif) {
    case 'Rings':
      return Array.from({ length: 7 }, (_, index) => {
        const r = 60 + index * random.between(42, 56);
        return `<circle cx="${c}" cy="${c}" r="${round(r)}" fill="none" stroke="${color}" stroke-width="${round(random.between(1.5, 5))}" opacity="${round(0.5 - index * 0.05)}"/>`;
      }).join('');
    case 'Rays':
      return Array.from({ length: 24 }, (_, index) => {
        const angle = (index * Math.PI * 2) / 24 + random.between(-0.05, 0.05);
        const x = round(c + Math.cos(angle) * size);
        const y = round(c + Math.sin(angle) * size);
        return `<line x1="${c}" y1="${c}" x2="${x}" y2="${y}" stroke="${color}" stroke-width="${round(random.between(2, 10))}" opacity="0.18"/>`;
      }).join('');
    case 'Constellation': {
      const stars = Array.from(
        { length: 18 },
        () => [random.between(40, size - 40), random.between(40, size - 40)] as const,
      );
      const lines = stars
        .slice(1)
        .map(([x, y], index) => {
          const [px, py] = stars[index] ?? [x, y];
          return `<line x1="${round(px)}" y1="${round(py)}" x2="${round(x)}" y2="${round(y)}" stroke="${color}" stroke-width="1.5" opacity="0.35"/>`;
        })
        .join('');
      const dots = stars
        .map(
          ([x, y]) =>
            `<circle cx="${round(x)}" cy="${round(y)}" r="${round(random.between(2, 6))}" fill="${color}" opacity="0.8"/>`,
        )
        .join('');
      return lines + dots;
    }
    case 'Waves':
      return Array.from({ length: 9 }, (_, index) => {
        const y = 80 + index * (size / 9);
        const amplitude = random.between(20, 50);
        return `<path d="M0 ${round(y)} Q ${size / 4} ${round(y - amplitude)} ${size / 2} ${round(y)} T ${size} ${round(y)}" fill="none" stroke="${color}" stroke-width="${round(random.between(2, 6))}" opacity="0.25"/>`;
      }).join('');
    case 'Grid': {
      const step = size / 16;
      return Array.from({ length: 15 * 15 }, (_, index) => {
        const x = step * (1 + (index % 15));
        const y = step * (1 + Math.floor(index / 15));
        return `<circle cx="${round(x)}" cy="${round(y)}" r="${round(random.between(1.5, 4))}" fill="${color}" opacity="0.3"/>`;
      }).join('');
    }
  }
}

function sparkle(x: number, y: number, size: number, color: string) {
  const s = size;
  return `<path d="M${x} ${y - s} L${x + s * 0.25} ${y - s * 0.25} L${x + s} ${y} L${x + s * 0.25} ${y + s * 0.25} L${x} ${y + s} L${x - s * 0.25} ${y + s * 0.25} L${x - s} ${y} L${x - s * 0.25} ${y - s * 0.25} Z" fill="${color}"/>`;
}

export interface ProductArt {
  svg: string;
  palette: string;
  motif: TMotif;
  frame: string;
}

/** A square collectible card: gradient field, a motif, a faceted emblem, and a frame in the rarity's colours. */
export function productArtwork(name: string, rarity: TRarity, size = 800): ProductArt {
  const random = seededRandom(name);
  const palette = random.pick(palettes);
  const motif = random.pick(motifs);
  const frame = rarityFrames[rarity];
  const hue = palette.hue + random.between(-12, 12);
  const accent = hue + random.pick([150, 180, 210]);
  const c = size / 2;
  const sides = random.int(3, 8);
  const rotation = random.between(0, Math.PI);
  const isStar = random.next() > 0.5;
  const emblemRadius = size * random.between(0.2, 0.26);
  const orbiterCount = random.int(3, 7);
  const orbiters = Array.from({ length: orbiterCount }, (_, index) => {
    const angle = rotation + (index * Math.PI * 2) / orbiterCount;
    const distance = emblemRadius * random.between(1.35, 1.7);
    return `<circle cx="${round(c + Math.cos(angle) * distance)}" cy="${round(c + Math.sin(angle) * distance)}" r="${round(random.between(8, 20))}" fill="url(#emblem)" opacity="0.9"/>`;
  }).join('');
  const sparkleCount = { COMMON: 0, RARE: 4, EPIC: 9, LEGENDARY: 16 }[rarity];
  const sparkles = Array.from({ length: sparkleCount }, () =>
    sparkle(
      round(random.between(60, size - 60)),
      round(random.between(60, size - 60)),
      round(random.between(6, 16)),
      frame.colors[2],
    ),
  ).join('');
  const inset = frame.width / 2 + 10;

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>
  <linearGradient id="field" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 70, 22)}"/><stop offset="1" stop-color="${hsl(hue + 50, 75, 10)}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${hsl(accent, 90, 65)}" stop-opacity="0.75"/><stop offset="1" stop-color="${hsl(accent, 90, 40)}" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="emblem" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${hsl(accent, 95, 78)}"/><stop offset="1" stop-color="${hsl(hue + 20, 85, 45)}"/>
  </linearGradient>
  <linearGradient id="frame" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${frame.colors[0]}"/><stop offset="0.5" stop-color="${frame.colors[1]}"/><stop offset="1" stop-color="${frame.colors[2]}"/>
  </linearGradient>
</defs>
<rect width="${size}" height="${size}" fill="url(#field)"/>
${motifLayer(motif, random, size, hsl(accent, 80, 70))}
<circle cx="${c}" cy="${c}" r="${round(size * 0.42)}" fill="url(#glow)"/>
${orbiters}
<polygon points="${polygonPoints(c, c, emblemRadius, sides, rotation, isStar ? emblemRadius * 0.55 : undefined)}" fill="url(#emblem)" stroke="${hsl(accent, 100, 90)}" stroke-width="4"/>
<polygon points="${polygonPoints(c, c, emblemRadius * 0.45, sides, rotation + Math.PI / sides)}" fill="${hsl(hue, 70, 18)}" opacity="0.55"/>
<circle cx="${c}" cy="${c}" r="${round(emblemRadius * 0.16)}" fill="${hsl(accent, 100, 92)}"/>
${sparkles}
<rect x="${inset}" y="${inset}" width="${size - inset * 2}" height="${size - inset * 2}" rx="28" fill="none" stroke="url(#frame)" stroke-width="${frame.width}"/>
${rarity === 'EPIC' || rarity === 'LEGENDARY' ? `<rect x="${inset + frame.width}" y="${inset + frame.width}" width="${size - (inset + frame.width) * 2}" height="${size - (inset + frame.width) * 2}" rx="18" fill="none" stroke="${frame.colors[2]}" stroke-width="2" opacity="0.8"/>` : ''}
${
  rarity === 'LEGENDARY'
    ? [
        [inset, inset],
        [size - inset, inset],
        [inset, size - inset],
        [size - inset, size - inset],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="22" fill="url(#frame)" stroke="${frame.colors[2]}" stroke-width="3"/>`,
        )
        .join('')
    : ''
}
</svg>`;
  return { svg, palette: palette.name, motif, frame: frame.name };
}

/** A round brand mark; its shape says the brand's type without any text (no fonts needed to render it). */
export function brandLogo(name: string, type: TBrandType, size = 256): string {
  const random = seededRandom(`logo:${name}`);
  const hue = random.pick(palettes).hue;
  const c = size / 2;
  const marks: Record<TBrandType, string> = {
    GAMING: `<path d="M${c - 18} ${c - 60} h36 v42 h42 v36 h-42 v42 h-36 v-42 h-42 v-36 h42 Z" fill="#fff"/>`,
    ARTIST: [0, 1, 2, 3, 4]
      .map((index) => {
        const height = [50, 90, 120, 80, 40][index] ?? 60;
        return `<rect x="${c - 70 + index * 30}" y="${c - height / 2}" width="18" height="${height}" rx="9" fill="#fff"/>`;
      })
      .join(''),
    ENTERTAINMENT: `<polygon points="${polygonPoints(c, c, 72, 5, -Math.PI / 2, 30)}" fill="#fff"/>`,
    SPORTS: `<circle cx="${c}" cy="${c}" r="64" fill="none" stroke="#fff" stroke-width="12"/><path d="M${c - 64} ${c} h128 M${c} ${c - 64} v128" stroke="#fff" stroke-width="8"/>`,
    FASHION: `<polygon points="${c},${c - 74} ${c + 56},${c - 20} ${c},${c + 74} ${c - 56},${c - 20}" fill="#fff"/><path d="M${c - 56} ${c - 20} h112" stroke="${hsl(hue, 70, 40)}" stroke-width="6"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 85, 58)}"/><stop offset="1" stop-color="${hsl(hue + 60, 80, 35)}"/></linearGradient></defs>
<circle cx="${c}" cy="${c}" r="${c - 4}" fill="url(#g)"/>${marks[type]}</svg>`;
}

/** A wide, quiet background for brand headers and home banners: text is laid over it by the web. */
export function wideBackdrop(seed: string, width: number, height: number): string {
  const random = seededRandom(`backdrop:${seed}`);
  const hue = random.pick(palettes).hue;
  const shapes = Array.from({ length: 14 }, () => {
    const r = random.between(height * 0.15, height * 0.8);
    return `<circle cx="${round(random.between(width * 0.35, width))}" cy="${round(random.between(0, height))}" r="${round(r)}" fill="${hsl(hue + random.between(-40, 80), 85, random.between(45, 65))}" opacity="${round(random.between(0.06, 0.22))}"/>`;
  }).join('');
  const lines = Array.from({ length: 6 }, (_, index) => {
    const y = round(height * (0.2 + index * 0.13));
    return `<path d="M0 ${y} C ${width * 0.55} ${round(y - random.between(40, 120))}, ${width * 0.75} ${round(y + random.between(40, 120))}, ${width} ${y}" fill="none" stroke="${hsl(hue + 180, 90, 75)}" stroke-width="2" opacity="0.25"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 12)}"/><stop offset="1" stop-color="${hsl(hue + 70, 70, 24)}"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${shapes}${lines}<rect width="${width}" height="${height}" fill="url(#fade)"/></svg>`;
}

/**
 * A ticket for the demo's ticket kinds: a stub with notched sides and a perforation, a star on its face, on a field
 * in the name's colours. Shapes only, like the rest (no fonts needed to render it).
 */
export function ticketArtwork(name: string, size = 800): string {
  const random = seededRandom(`ticket:${name}`);
  const hue = random.pick(palettes).hue;
  const accent = hue + 180;
  const c = size / 2;
  const left = size * 0.14;
  const right = size * 0.86;
  const top = size * 0.3;
  const bottom = size * 0.7;
  const notch = size * 0.06;
  const stub = size * 0.66;
  const body = `M${left} ${top} H${right} V${c - notch} A${notch} ${notch} 0 0 0 ${right} ${c + notch} V${bottom} H${left} V${c + notch} A${notch} ${notch} 0 0 0 ${left} ${c - notch} Z`;
  const perforation = Array.from({ length: 9 }, (_, index) => {
    const y = round(top + 16 + index * ((bottom - top - 32) / 8));
    return `<circle cx="${round(stub)}" cy="${y}" r="5" fill="${hsl(hue, 60, 14)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>
  <linearGradient id="field" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 65, 16)}"/><stop offset="1" stop-color="${hsl(hue + 60, 70, 8)}"/>
  </linearGradient>
  <linearGradient id="ticket" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(accent, 90, 70)}"/><stop offset="1" stop-color="${hsl(hue + 30, 85, 50)}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${hsl(accent, 90, 60)}" stop-opacity="0.5"/><stop offset="1" stop-color="${hsl(accent, 90, 40)}" stop-opacity="0"/>
  </radialGradient>
</defs>
<rect width="${size}" height="${size}" fill="url(#field)"/>
<circle cx="${c}" cy="${c}" r="${round(size * 0.45)}" fill="url(#glow)"/>
<g transform="rotate(-12 ${c} ${c})">
  <path d="${body}" fill="url(#ticket)" stroke="${hsl(accent, 100, 88)}" stroke-width="4"/>
  ${perforation}
  <polygon points="${polygonPoints((left + stub) / 2, c, size * 0.11, 5, -Math.PI / 2, size * 0.05)}" fill="${hsl(hue, 70, 18)}" opacity="0.8"/>
  <rect x="${round(stub + 28)}" y="${round(c - size * 0.09)}" width="${round(right - stub - 56)}" height="${round(size * 0.18)}" rx="10" fill="${hsl(hue, 70, 18)}" opacity="0.45"/>
</g>
</svg>`;
}
