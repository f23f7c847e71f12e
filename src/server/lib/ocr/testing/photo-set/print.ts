// How a Swedish till prints: amounts, dates and fixed-width rows. Used by the generated receipt set.

/** One printed line of a receipt; `logo` draws the text as a picture instead of printing it. */
export type PrintLine = {
  text: string;
  size?: 'normal' | 'large';
  bold?: boolean;
  centre?: boolean;
  logo?: boolean;
  barcode?: boolean;
};

/** Öre as a Swedish till prints them: "1 234,50", or without the thousands space ("1234,50"). */
export function kronor(ore: number, grouped = true): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const whole = String(Math.trunc(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : whole},${cents}`;
}

/** `left` at the start and `right` flush with the right edge of a `width`-character line, at least two apart. */
export function row(left: string, right: string, width: number): string {
  const gap = Math.max(2, width - left.length - right.length);
  return `${left}${' '.repeat(gap)}${right}`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** The ways Swedish tills and card terminals print a purchase date and time. */
export const DATE_FORMS = [
  'iso',
  'labelled',
  'dmy-dots',
  'compact',
  'slash-year',
  'ymd-short',
  'named',
  'kvitto',
] as const;
export type DateForm = (typeof DATE_FORMS)[number];

/** The date line of a receipt for an ISO date and a time "HH:MM", in one of Swedish tills' forms. */
export function printedDate(iso: string, time: string, form: DateForm, receiptNo: number): string {
  const [yyyy = '', mm = '', dd = ''] = iso.split('-');
  const yy = yyyy.slice(2);
  switch (form) {
    case 'iso':
      return `${iso} ${time}`;
    case 'labelled':
      return `Datum: ${iso}   Tid: ${time}`;
    case 'dmy-dots':
      return `${dd}.${mm}.${yy} ${time}`;
    case 'compact':
      return `${yy}${mm}${dd} ${time.replace(':', '')}`;
    case 'slash-year':
      return `${Number(dd)}/${Number(mm)} -${yy} kl ${time}`;
    case 'ymd-short':
      return `${yy}-${mm}-${dd} ${time}`;
    case 'named':
      return `${Number(dd)} ${MONTHS[Number(mm) - 1]} ${yyyy} ${time}`;
    case 'kvitto':
      return `Kvitto: ${receiptNo}  ${iso} ${time}`;
  }
}

/** VAT of a gross amount at a rate in basis points, rounded to the öre as tills do. */
export function vatOf(grossOre: number, rateBp: number): number {
  return Math.round((grossOre * rateBp) / (10_000 + rateBp));
}
