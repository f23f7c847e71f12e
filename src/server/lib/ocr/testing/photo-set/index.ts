// Kvitt's own set of Swedish receipt photos: each receipt made from a seed, printed, and photographed flat, as a
// fair phone photo and as a bad one; the label comes from how it was made.
import { createPrng } from '#shared/domain/testing/prng.ts';
import { receiptContent } from './content.ts';
import type { LabelItem } from './content.ts';
import { CONDITIONS, photograph } from './photograph.ts';
import type { Condition, PhotoMeta } from './photograph.ts';
import { paperStyle, printPaper } from './render.ts';

export { CONDITIONS } from './photograph.ts';
export type { Condition } from './photograph.ts';

/** One labelled photo, in the shape of the evaluation's labels.json. */
export type PhotoLabel = {
  file: string;
  /** The amount paid, in kronor with öre as decimals (the evaluation's label format). */
  total: number;
  currency: 'SEK';
  date: string;
  /** The store as printed ("ICA Supermarket Lindhagen"). */
  merchant: string;
  /** The shortest reading that still names the store ("ICA Supermarket", never just "ICA"). */
  merchantShort: string;
  language: 'sv';
  condition: Condition;
  items: LabelItem[];
  itemsTotalOre: number;
  font: string;
  thermal: boolean;
  dateForm: string;
  logoOnly: boolean;
  photo: PhotoMeta;
};

/** Receipt number `index` photographed in `condition`: the same index prints the same receipt in every condition. */
export async function receiptPhoto(
  index: number,
  condition: Condition,
  seed = 2026,
): Promise<{ jpeg: Buffer; label: PhotoLabel }> {
  const random = createPrng(seed * 1000 + index);
  const content = receiptContent(random);
  const style = paperStyle(random);
  const paper = await printPaper(content.lines, content.width, style, content.keepLines, random);
  const shotRandom = createPrng(seed * 1000 + index * 7 + CONDITIONS.indexOf(condition) + 1);
  const { jpeg, meta } = await photograph(paper, condition, shotRandom);
  const { label } = content;
  return {
    jpeg,
    label: {
      file: `sv_${String(index).padStart(3, '0')}_${condition}.jpg`,
      total: label.totalOre / 100,
      currency: 'SEK',
      date: label.date,
      merchant: label.merchant,
      merchantShort: label.merchantShort,
      language: 'sv',
      condition,
      items: label.items,
      itemsTotalOre: label.itemsTotalOre,
      font: style.font,
      thermal: style.thermal,
      dateForm: label.dateForm,
      logoOnly: label.logoOnly,
      photo: meta,
    },
  };
}
