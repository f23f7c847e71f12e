// What a generated Swedish receipt says: header, articles with quantity and weight lines, discounts and deposits,
// totals, payment, VAT table and footer, with the label that comes from its construction.
import { pick, randomInt } from '#shared/domain/testing/prng.ts';
import { DATE_FORMS, kronor, printedDate, row, vatOf } from './print.ts';
import type { DateForm, PrintLine } from './print.ts';
import { FORMATS, PLACES, WARES } from './stores.ts';
import type { StoreFormat, Ware } from './stores.ts';

/** One purchased line as the label expects it: its article text and what it costs with discounts and deposit. */
export type LabelItem = { text: string; amountOre: number };

export type ReceiptContent = {
  lines: PrintLine[];
  /** Characters per printed line. */
  width: number;
  /** How many lines must stay in a photo: the rest is footer (greeting, barcode) a photo may cut off. */
  keepLines: number;
  label: {
    totalOre: number;
    /** The sum of the purchased lines: the total before öresavrundning. */
    itemsTotalOre: number;
    date: string;
    merchant: string;
    merchantShort: string;
    items: LabelItem[];
    dateForm: DateForm;
    logoOnly: boolean;
  };
};

type Random = () => number;
type Bought = { ware: Ware; lines: string[]; item: LabelItem; vatBp: number };

/** A date between 2025-01-01 and 2026-11-20, as YYYY-MM-DD. */
function purchaseDate(random: Random): string {
  const start = Date.UTC(2025, 0, 1);
  const end = Date.UTC(2026, 10, 20);
  return new Date(start + Math.floor(random() * (end - start))).toISOString().slice(0, 10);
}

function bought(random: Random, ware: Ware, width: number): Bought {
  const lines: string[] = [];
  let price: number;
  if (ware.sold === 'weight') {
    const grams = randomInt(random, 150, 2400);
    price = Math.round((grams * ware.priceOre) / 1000);
    lines.push(row(ware.name, kronor(price), width));
    const kilos = `${Math.floor(grams / 1000)},${String(grams % 1000).padStart(3, '0')}`;
    lines.push(`  ${kilos} kg x ${kronor(ware.priceOre)} kr/kg`);
  } else {
    const quantity = random() < 0.25 ? randomInt(random, 2, 4) : 1;
    price = ware.priceOre * quantity;
    if (quantity > 1 && random() < 0.5) {
      lines.push(row(`${ware.name} ${quantity}st*${kronor(ware.priceOre)}`, kronor(price), width));
    } else {
      lines.push(row(ware.name, kronor(price), width));
      if (quantity > 1) lines.push(`  ${quantity} st x ${kronor(ware.priceOre)}`);
    }
    if (ware.pantOre) {
      const pant = ware.pantOre * quantity;
      lines.push(row(random() < 0.5 ? '  Pant' : '+ Pant', kronor(pant), width));
      price += pant;
    }
  }
  if (random() < 0.15 && price > 2000) {
    const off = Math.min(price - 100, randomInt(random, 2, 15) * 100);
    const name = pick(random, ['  Rabatt', 'Medlemspris', '  Rabatt Extrapris', 'Rabatt 2 för']);
    lines.push(row(name, random() < 0.7 ? kronor(-off) : `${kronor(off)}-`, width));
    price -= off;
  }
  return { ware, lines, item: { text: ware.name, amountOre: price }, vatBp: ware.vatBp };
}

function header(random: Random, format: StoreFormat, place: (typeof PLACES)[number], width: number) {
  const lines: PrintLine[] = [];
  const logo = format.logo !== null && random() < 0.8;
  if (logo) lines.push({ text: format.logo ?? '', logo: true, centre: true });
  const logoOnly = logo && format.logoOnlyHeader !== undefined && random() < 0.7;
  const name = logoOnly ? (format.logoOnlyHeader ?? '') : format.name;
  const upper = random() < 0.5;
  const shown = upper ? name.toUpperCase() : name;
  if (random() < 0.5 && shown.length + place.place.length + 1 <= width) {
    lines.push({ text: `${shown} ${upper ? place.place.toUpperCase() : place.place}`, bold: true, centre: true });
  } else {
    lines.push({ text: shown, bold: true, centre: true, size: random() < 0.4 ? 'large' : 'normal' });
    lines.push({ text: place.place, centre: true });
  }
  lines.push({ text: place.street, centre: true }, { text: `${place.postcode} ${place.city}`, centre: true });
  if (random() < 0.6)
    lines.push({
      text: `Tel 0${randomInt(random, 10, 99)}-${randomInt(random, 100, 999)} ${randomInt(random, 10, 99)} ${randomInt(random, 10, 99)}`,
      centre: true,
    });
  if (random() < 0.7)
    lines.push({ text: `Org.nr 55${randomInt(random, 1000, 9999)}-${randomInt(random, 1000, 9999)}`, centre: true });
  return { lines, logoOnly };
}

function vatTable(bought: readonly Bought[], random: Random, width: number): string[] {
  const gross = new Map<number, number>();
  for (const b of bought) gross.set(b.vatBp, (gross.get(b.vatBp) ?? 0) + b.item.amountOre);
  const rates = [...gross].sort((x, y) => x[0] - y[0]);
  const pct = (bp: number) => `${bp / 100},00`;
  if (random() < 0.6) {
    const out = [row('Moms%', 'Moms     Netto    Brutto', width)];
    for (const [bp, g] of rates) {
      const vat = vatOf(g, bp);
      out.push(
        row(pct(bp), `${kronor(vat).padStart(8)} ${kronor(g - vat).padStart(9)} ${kronor(g).padStart(9)}`, width),
      );
    }
    return out;
  }
  return rates.map(([bp, g]) => row(`Varav moms ${bp / 100}%`, kronor(vatOf(g, bp)), width));
}

function payment(
  random: Random,
  totalOre: number,
  width: number,
  slipDate: string | null,
): { lines: PrintLine[]; paid: number } {
  const lines: PrintLine[] = [];
  const totalText = pick(random, ['TOTALT SEK', 'Totalt', 'Att betala', 'Summa', 'Total SEK', 'ATT BETALA SEK']);
  // Printed at double size only when it fits half as many characters.
  const big = random() < 0.6 && totalText.length + kronor(totalOre).length + 2 <= Math.floor(width / 2) - 1;
  const totalWidth = big ? Math.floor(width / 2) : width;
  if (random() < 0.3) lines.push({ text: row('Antal varor', String(randomInt(random, 1, 30)), width) });
  lines.push({
    text: row(totalText, kronor(totalOre), totalWidth),
    bold: big || random() < 0.5,
    size: big ? 'large' : 'normal',
  });
  if (random() < 0.3) {
    const rounded = Math.round(totalOre / 100) * 100;
    const tendered = Math.ceil((rounded + 1) / 10_000) * 10_000;
    lines.push({ text: row('Öresavrundning', kronor(rounded - totalOre), width) });
    lines.push({ text: row('Att betala', kronor(rounded), width), bold: true });
    lines.push(
      { text: row('Kontant', kronor(tendered), width) },
      { text: row('Växel', kronor(tendered - rounded), width) },
    );
    return { lines, paid: rounded };
  }
  if (random() < 0.5) {
    lines.push({ text: row(pick(random, ['Kort', 'Betalt Kort', 'Bankkort']), kronor(totalOre), width) });
    return { lines, paid: totalOre };
  }
  lines.push({ text: '' }, { text: 'KORTKÖP', centre: true, bold: true });
  lines.push({ text: `Butik: ${randomInt(random, 100000, 999999)}  Term: ${randomInt(random, 10000000, 99999999)}` });
  lines.push({
    text: `${pick(random, ['Visa Debit', 'Mastercard', 'Visa', 'Maestro'])} ************${randomInt(random, 1000, 9999)}`,
  });
  if (slipDate) lines.push({ text: slipDate });
  lines.push({ text: row('Köp', `SEK ${kronor(totalOre)}`, width) }, { text: 'Godkänd', centre: true });
  lines.push({ text: `Ref: ${randomInt(random, 100000, 999999)}  Kod: ${randomInt(random, 100000, 999999)}` });
  return { lines, paid: totalOre };
}

/** A Swedish receipt from one of the chains, with `articles` article lines (drawn when not given). */
export function receiptContent(random: Random, articles?: number): ReceiptContent {
  const format = pick(random, FORMATS);
  const place = pick(random, PLACES);
  const width = pick(random, [32, 36, 40, 42, 44, 48]);
  const wares = WARES[format.kind];
  const count = articles ?? (random() < 0.3 ? randomInt(random, 15, 35) : randomInt(random, 1, 9));
  const items = Array.from({ length: count }, () => bought(random, pick(random, wares), width));
  const sum = items.reduce((s, b) => s + b.item.amountOre, 0);
  const date = purchaseDate(random);
  const time = `${String(randomInt(random, 7, 21)).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}`;
  const form = pick(random, DATE_FORMS);
  const receiptNo = randomInt(random, 1000, 99999);
  const dateLine = printedDate(date, time, form, receiptNo);
  const top = header(random, format, place, width);
  const lines: PrintLine[] = [...top.lines, { text: '' }];
  const dateOnTop = random() < 0.6;
  if (dateOnTop)
    lines.push({ text: dateLine }, { text: `Kassa ${randomInt(random, 1, 12)}  Kassör ${randomInt(random, 10, 99)}` });
  lines.push({ text: '-'.repeat(width) });
  for (const b of items) lines.push(...b.lines.map((text) => ({ text })));
  lines.push({ text: '-'.repeat(width) });
  const slipDate = random() < 0.4 ? printedDate(date, time, form === 'kvitto' ? 'iso' : form, receiptNo) : null;
  const pay = payment(random, sum, width, slipDate);
  lines.push(...pay.lines, { text: '' }, ...vatTable(items, random, width).map((text) => ({ text })), { text: '' });
  if (!dateOnTop) lines.push({ text: dateLine });
  if (random() < 0.5) lines.push({ text: `Kvittonr ${receiptNo}` });
  const keepLines = lines.length;
  lines.push({ text: pick(random, ['Tack för besöket!', 'Välkommen åter!', 'Tack och välkommen åter']), centre: true });
  if (random() < 0.4) lines.push({ text: String(randomInt(random, 1e11, 9e11)), barcode: true, centre: true });
  return {
    lines,
    width,
    keepLines,
    label: {
      totalOre: pay.paid,
      itemsTotalOre: sum,
      date,
      merchant: `${format.name} ${place.place}`,
      merchantShort: format.short ?? format.name,
      items: items.map((b) => b.item),
      dateForm: form,
      logoOnly: top.logoOnly,
    },
  };
}
