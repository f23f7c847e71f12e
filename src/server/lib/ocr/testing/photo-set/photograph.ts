// "Photographs" printed paper the way people do at the till: a flat scan, a fair phone photo, or a bad one (tilted,
// in perspective, on wood or cloth, in shadow, blurred, creased, cut off at the ends, turned on its side).
import sharp from 'sharp';
import { pick } from '#shared/domain/testing/prng.ts';
import { homography } from '../../warp.ts';
import type { Point } from '../../warp.ts';
import { warp } from '../../warp.ts';
import type { Paper } from './render.ts';

export type Condition = 'flat' | 'photo' | 'hard';
export const CONDITIONS: readonly Condition[] = ['flat', 'photo', 'hard'];

/** What was done to the paper, for the label. */
export type PhotoMeta = {
  condition: Condition;
  rotation: number;
  turned: 0 | 90 | 180 | 270;
  background: string;
  quality: number;
  blur: number;
  folds: number;
  cutOff: boolean;
};

type Random = () => number;
const between = (random: Random, a: number, b: number) => a + (b - a) * random();

/** Tinted thermal paper and creases across it: a darker band below each fold and a thin line on it. */
function ageing(paper: Paper, random: Random, folds: number): void {
  const tint = pick(random, [
    [1, 1, 1],
    [1, 0.97, 0.86],
    [0.93, 0.93, 0.91],
    [0.98, 0.95, 0.9],
  ]);
  const creases = Array.from({ length: folds }, () => ({
    y: between(random, 0.2, 0.8) * paper.height,
    dark: between(random, 0.82, 0.93),
  }));
  const { data, width, height } = paper;
  for (let y = 0; y < height; y += 1) {
    let shade = 1;
    for (const c of creases) {
      const d = y - c.y;
      if (Math.abs(d) < 2) shade *= 0.7;
      else if (d > 0) shade *= c.dark + (1 - c.dark) * Math.min(1, d / (0.3 * height));
    }
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      for (let ch = 0; ch < 3; ch += 1) data[o + ch] = Math.round((data[o + ch] ?? 0) * (tint[ch] ?? 1) * shade);
    }
  }
}

/** A table, cloth or scanner lid of `width`×`height` RGB pixels. */
function background(kind: string, width: number, height: number, random: Random): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  const base = { light: [228, 228, 226], dark: [40, 38, 40], wood: [120, 78, 45], cloth: [60, 90, 140] }[kind] ?? [
    90, 90, 90,
  ];
  const period = between(random, 18, 60);
  const phase = random() * 100;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let f = 1 + (random() - 0.5) * 0.08;
      if (kind === 'wood') f *= 0.8 + 0.2 * Math.sin((x + 12 * Math.sin(y / 90 + phase)) / period);
      if (kind === 'cloth') f *= (Math.floor(x / (period * 2)) + Math.floor(y / (period * 2))) % 2 === 0 ? 1.5 : 0.8;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) data[o + c] = Math.max(0, Math.min(255, Math.round((base[c] ?? 0) * f)));
    }
  }
  return data;
}

/** Light fading across the picture and, sometimes, the soft shadow of a phone or hand. */
function lighting(data: Uint8Array, width: number, height: number, random: Random, strength: number): void {
  const angle = random() * 2 * Math.PI;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const blob =
    random() < 0.5 ? { x: random() * width, y: random() * height, r: between(random, 0.2, 0.5) * width } : null;
  const half = Math.hypot(width, height) / 2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = ((x - width / 2) * dx + (y - height / 2) * dy) / half;
      let f = 1 - strength * (0.5 + 0.5 * t);
      if (blob) {
        const d = Math.hypot(x - blob.x, y - blob.y) / blob.r;
        if (d < 1.5) f *= 1 - strength * 0.6 * Math.max(0, Math.min(1, 1.5 - d));
      }
      const o = (y * width + x) * 3;
      const grain = (random() - 0.5) * 10;
      for (let c = 0; c < 3; c += 1)
        data[o + c] = Math.max(0, Math.min(255, Math.round((data[o + c] ?? 0) * f + grain)));
    }
  }
}

type Shot = { width: number; height: number; corners: Point[]; from: Point[]; meta: PhotoMeta };

/** Where the paper lands in the frame: its (visible part's) corners after scale, tilt and perspective. */
function compose(paper: Paper, condition: Condition, random: Random): Shot {
  const flat = condition === 'flat';
  const hard = condition === 'hard';
  const cutOff = hard && random() < 0.3;
  const top = cutOff ? paper.margin * 1.5 : 0;
  const bottom = cutOff ? paper.keepBottom : paper.height;
  const from = [
    { x: 0, y: top },
    { x: paper.width, y: top },
    { x: paper.width, y: bottom },
    { x: 0, y: bottom },
  ];
  const rotation = flat ? between(random, -0.4, 0.4) : hard ? between(random, -15, 15) : between(random, -6, 6);
  const long = pick(random, [1600, 2000, 2400]);
  const [width, height] = flat
    ? [Math.round(paper.width * 1.08), Math.round((bottom - top) * 1.04)]
    : [Math.round((long * 3) / 4), long];
  const fill = flat ? 0.96 : cutOff ? 1.12 : between(random, 0.6, hard ? 0.92 : 0.88);
  const rad = (rotation * Math.PI) / 180;
  const boxW = paper.width * Math.abs(Math.cos(rad)) + (bottom - top) * Math.abs(Math.sin(rad));
  const boxH = paper.width * Math.abs(Math.sin(rad)) + (bottom - top) * Math.abs(Math.cos(rad));
  const scale = flat ? 1 : Math.min((width * 0.95) / boxW, (height * fill) / boxH);
  const centre = { x: width / 2 + (flat ? 0 : between(random, -0.05, 0.05) * width), y: height / 2 };
  const keystone = flat ? 0 : between(random, 0, hard ? 0.12 : 0.05);
  const jitter = flat ? 0 : hard ? 0.03 : 0.01;
  const corners = from.map((p, i) => {
    const lx = (p.x - paper.width / 2) * scale * (1 - (i < 2 ? keystone : -keystone / 2));
    const ly = (p.y - (top + bottom) / 2) * scale;
    return {
      x: centre.x + lx * Math.cos(rad) - ly * Math.sin(rad) + between(random, -jitter, jitter) * width,
      y: centre.y + lx * Math.sin(rad) + ly * Math.cos(rad) + between(random, -jitter, jitter) * height,
    };
  });
  const turned = hard && random() < 0.25 ? pick(random, [90, 180, 270] as const) : 0;
  const meta: PhotoMeta = {
    condition,
    rotation: Math.round(rotation * 10) / 10,
    turned,
    background: flat ? 'light' : pick(random, hard ? ['dark', 'wood', 'cloth', 'light'] : ['dark', 'wood', 'light']),
    quality: Math.round(flat ? between(random, 85, 92) : hard ? between(random, 60, 72) : between(random, 70, 85)),
    blur: flat ? 0 : Math.round(between(random, hard ? 0.8 : 0.4, hard ? 1.6 : 1) * 10) / 10,
    folds: hard ? (random() < 0.6 ? 1 + Math.floor(random() * 2) : 0) : condition === 'photo' && random() < 0.3 ? 1 : 0,
    cutOff,
  };
  return { width, height, corners, from, meta };
}

/** A JPEG of the printed paper taken in `condition`, and what was done to it. */
export async function photograph(
  paper: Paper,
  condition: Condition,
  random: Random,
): Promise<{ jpeg: Buffer; meta: PhotoMeta }> {
  const shot = compose(paper, condition, random);
  const { width, height, meta } = shot;
  if (condition !== 'flat' || random() < 0.5) ageing(paper, random, meta.folds);
  const toPaper = homography(shot.corners, shot.from);
  if (!toPaper) throw new Error('degenerate paper corners');
  const table = { data: background(meta.background, width, height, random), width, height, channels: 3 };
  const source = { data: paper.data, width: paper.width, height: paper.height, channels: 3 };
  const frame = warp(source, toPaper, width, height, [0, 0, 0], table);
  if (condition !== 'flat')
    lighting(frame.data, width, height, random, between(random, 0.15, condition === 'hard' ? 0.5 : 0.3));
  let image = sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), {
    raw: { width, height, channels: 3 },
  });
  if (meta.blur > 0) image = image.blur(meta.blur);
  if (meta.turned !== 0) image = sharp(await image.png().toBuffer()).rotate(meta.turned);
  return { jpeg: await image.jpeg({ quality: meta.quality }).toBuffer(), meta };
}
