/** A line of text found by tesseract, with its box in image pixels and its baseline. */
export type TextLine = {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  baseline?: { x0: number; y0: number; x1: number; y1: number };
  /** Its words with their boxes, when tesseract returned them. */
  words?: Array<{ text: string; bbox: { x0: number; y0: number; x1: number; y1: number } }>;
};

/** Whether a line read holds a word (two letters running), not only digits, marks or a stray letter. */
export const readsLetters = (line: TextLine) => /\p{L}{2}/u.test(line.text);

type Placed = { text: string; x0: number; x1: number; y: number; height: number };
type Row = { members: Placed[]; y: number; height: number };

// Fragments whose centres, after deskewing, lie closer than this share of their height sit on one printed row.
const SAME_ROW = 0.5;
const MAX_OVERLAP = 0.3;

/** The page's tilt as the median slope of the baselines of lines wide enough to tell. */
function skew(lines: readonly TextLine[]): number {
  const slopes = lines
    .filter((l) => l.baseline && l.bbox.x1 - l.bbox.x0 > 3 * (l.bbox.y1 - l.bbox.y0))
    .map((l) => {
      const b = l.baseline as NonNullable<TextLine['baseline']>;
      return b.x1 === b.x0 ? 0 : (b.y1 - b.y0) / (b.x1 - b.x0);
    })
    .filter((s) => Math.abs(s) < 0.2)
    .sort((a, b) => a - b);
  return slopes[Math.floor(slopes.length / 2)] ?? 0;
}

function overlaps(a: Placed, b: Placed): boolean {
  const shared = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return shared > MAX_OVERLAP * Math.min(a.x1 - a.x0, b.x1 - b.x0);
}

/**
 * Puts receipt lines back together row by row. Tesseract's page layout often reads the prices as a column of
 * their own, far from their labels; placing every line by its deskewed height and joining what shares a row, left
 * to right, gives "SUMME EUR 19,99" again instead of "SUMME EUR" … "19,99".
 */
export function joinRows(lines: readonly TextLine[]): string {
  const slope = skew(lines);
  const placed: Placed[] = lines
    .filter((l) => l.text.trim() !== '')
    .map((l) => ({
      text: l.text.trim(),
      x0: l.bbox.x0,
      x1: l.bbox.x1,
      height: Math.max(1, l.bbox.y1 - l.bbox.y0),
      y: (l.bbox.y0 + l.bbox.y1) / 2 - slope * ((l.bbox.x0 + l.bbox.x1) / 2),
    }))
    .sort((a, b) => a.y - b.y);
  const rows: Row[] = [];
  for (const line of placed) {
    const row = rows.find(
      (r) =>
        Math.abs(r.y - line.y) < SAME_ROW * Math.min(r.height, line.height) &&
        !r.members.some((m) => overlaps(m, line)),
    );
    if (row) row.members.push(line);
    else rows.push({ members: [line], y: line.y, height: line.height });
  }
  return rows
    .sort((a, b) => a.y - b.y)
    .map((r) =>
      r.members
        .sort((a, b) => a.x0 - b.x0)
        .map((m) => m.text)
        .join('  '),
    )
    .join('\n');
}
