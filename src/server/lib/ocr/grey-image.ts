/** An 8-bit single-channel image in memory, row by row; the working format of OCR preprocessing. */
export type GreyImage = { data: Uint8Array; width: number; height: number };

/** How many pixels hold each grey level, by level. */
export function levelCounts(data: Uint8Array): Float64Array {
  // Counted in whole numbers, which V8 adds faster than doubles.
  const counts = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 1) {
    const v = data[i] as number;
    counts[v] = (counts[v] as number) + 1;
  }
  return Float64Array.from(counts);
}

/** Otsu's threshold of a grey histogram: the level that best splits pixels into two classes. */
export function otsuThreshold(data: Uint8Array): { threshold: number; separation: number } {
  const hist = levelCounts(data);
  let sum = 0;
  for (let i = 0; i < 256; i += 1) sum += i * (hist[i] ?? 0);
  let sumBelow = 0;
  let countBelow = 0;
  let best = { threshold: 128, between: 0, separation: 0 };
  for (let t = 0; t < 256; t += 1) {
    countBelow += hist[t] ?? 0;
    if (countBelow === 0) continue;
    const countAbove = data.length - countBelow;
    if (countAbove === 0) break;
    sumBelow += t * (hist[t] ?? 0);
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sum - sumBelow) / countAbove;
    const between = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (between > best.between) best = { threshold: t, between, separation: meanAbove - meanBelow };
  }
  return { threshold: best.threshold, separation: best.separation };
}

/**
 * Marks in `mark` every cell of a `width`×`height` grid reached from `seeds` through 4-connected cells that `passes`,
 * and returns them (seeds included).
 */
export function flood(
  width: number,
  height: number,
  seeds: number[],
  passes: (i: number) => boolean,
  mark: Uint8Array,
) {
  const reached: number[] = [];
  const stack = seeds.filter((i) => !mark[i]);
  for (const i of stack) mark[i] = 1;
  const size = width * height;
  const visit = (j: number) => {
    if (j < 0 || j >= size || mark[j] || !passes(j)) return;
    mark[j] = 1;
    stack.push(j);
  };
  while (stack.length > 0) {
    const i = stack.pop() as number;
    reached.push(i);
    // Left, right, above, below; no array made per cell, which cost more than the walk on whole pages.
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    visit(i - width);
    visit(i + width);
  }
  return reached;
}

// On an evenly lit page paper is near white: a grey border or a shadow Otsu might split off is not ink.
const MAX_INK_LEVEL = 160;

/** The level at or below which a pixel of an evenly lit page is ink: Otsu's threshold, at most 160. */
export function inkThreshold(img: GreyImage): number {
  return Math.min(MAX_INK_LEVEL, otsuThreshold(img.data).threshold);
}

/** Binary PGM (P5): tesseract's Leptonica reads it without any decoding work, unlike PNG. */
export function toPgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}

/** The pixels of a binary PGM such as `toPgm` writes (P5, 8 bit): a view, nothing copied. */
export function fromPgm(pgm: Buffer): GreyImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header?.[0]) throw new Error('not a binary 8-bit PGM');
  const data = pgm.subarray(header[0].length);
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: Number(header[1]),
    height: Number(header[2]),
  };
}
