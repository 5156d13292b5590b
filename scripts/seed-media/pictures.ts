// The seed's pictures (decision 0048): which file each demo account has, and how generate.ts draws it.
// supabase/seed.sql names the same keys; supabase/seed-media/ holds the files generate.ts wrote.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SEED_MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../supabase/seed-media');

export interface SeedPicture {
  bucket: 'avatars' | 'logos' | 'portfolio';
  /** The object key: <owner id>/<name>. */
  key: string;
  type: 'image/webp' | 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  quality: number;
  /** Gradient from, to, and the shapes' colour. */
  colors: [string, string, string];
  shapes: number;
  seed: number;
  text: string;
}

const id = (tail: string) => `00000000-0000-0000-0000-${tail.padStart(12, '0')}`;

const PALETTES: [string, string, string][] = [
  ['#f472b6', '#7c3aed', '#fde68a'],
  ['#0ea5e9', '#065f46', '#a7f3d0'],
  ['#f97316', '#be123c', '#fef3c7'],
  ['#facc15', '#c2410c', '#ffffff'],
  ['#334155', '#0f766e', '#99f6e4'],
  ['#a3e635', '#15803d', '#ecfccb'],
  ['#fb7185', '#9333ea', '#fce7f3'],
  ['#38bdf8', '#1d4ed8', '#e0f2fe'],
];

/** Account, initials for the avatar, and (creators) the words their portfolio pictures carry. */
const PEOPLE: { id: string; initials: string; work?: string[] }[] = [
  { id: id('1'), initials: 'AM' },
  { id: id('c01'), initials: 'SR', work: ['Serum', 'Lip tint', 'Glow'] },
  { id: id('c02'), initials: 'MF', work: ['Andes', 'Cusco', 'Trail', 'Camp'] },
  { id: id('c03'), initials: 'VG', work: ['20 min', 'Protein'] },
  { id: id('c04'), initials: 'CH', work: ['Empanadas', 'Dulce', 'Café'] },
  { id: id('c05'), initials: 'DM', work: ['Gadget', 'Setup'] },
  { id: id('c06'), initials: 'LC', work: ['Outfit', 'Thrift', 'Lima'] },
  { id: id('c07'), initials: 'AM', work: ['Medellín', 'Vlog'] },
  { id: id('c08'), initials: 'IT', work: ['Tutorial', 'Makeup', 'Tips'] },
  { id: id('c09'), initials: 'SL', work: ['42K', 'Shoes'] },
  { id: id('c10'), initials: 'GR', work: ['Volcán', 'Playa', 'Pura vida', 'Ruta'] },
  { id: id('c11'), initials: 'NV', work: ['Setup', 'Live'] },
  { id: id('c12'), initials: 'DP', work: ['Plantas', 'Hábitos', 'Diseño'] },
];

const BRANDS = [
  { id: id('b1'), initials: 'GL' },
  { id: id('b2'), initials: 'TP' },
  { id: id('b3'), initials: 'BB' },
];

/** The portfolio files of a creator, in their seeded order (the n-th is `<n>.jpg` or `<n>.webp`). */
export function portfolioKeys(ownerId: string): string[] {
  return seedPictures().filter((p) => p.bucket === 'portfolio' && p.key.startsWith(`${ownerId}/`)).map((p) => p.key);
}

export function seedPictures(): SeedPicture[] {
  const out: SeedPicture[] = [];
  PEOPLE.forEach((person, i) => {
    const colors = PALETTES[i % PALETTES.length]!;
    out.push({ bucket: 'avatars', key: `${person.id}/avatar.webp`, type: 'image/webp', width: 256, height: 256, quality: 0.7, colors, shapes: 4, seed: i + 1, text: person.initials });
    (person.work ?? []).forEach((word, n) => {
      // Alternate JPEG and WebP, portrait like a phone's picture, small enough to be a thumbnail itself.
      const jpeg = n % 2 === 1;
      out.push({
        bucket: 'portfolio',
        key: `${person.id}/${n + 1}.${jpeg ? 'jpg' : 'webp'}`,
        type: jpeg ? 'image/jpeg' : 'image/webp',
        width: 360,
        height: 450,
        quality: jpeg ? 0.6 : 0.6,
        colors: PALETTES[(i + n + 1) % PALETTES.length]!,
        shapes: 6,
        seed: 100 * (i + 1) + n,
        text: word,
      });
    });
  });
  BRANDS.forEach((brand, i) => {
    out.push({ bucket: 'logos', key: `${brand.id}/logo.png`, type: 'image/png', width: 128, height: 128, quality: 1, colors: flat(PALETTES[(i + 4) % PALETTES.length]!), shapes: 0, seed: 50 + i, text: brand.initials });
  });
  return out;
}

/** One colour edge to edge: a logo's PNG stays a few KB (a gradient does not compress in PNG). */
function flat(palette: [string, string, string]): [string, string, string] {
  return [palette[1], palette[1], palette[2]];
}
