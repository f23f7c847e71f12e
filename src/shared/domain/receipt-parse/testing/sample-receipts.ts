import { centre, money, row, rule, vatOf } from './layout.ts';

/** What a test receipt must be read as. Amounts in öre. */
export type Expected = {
  totalOre: number;
  date: string;
  merchant: string;
  category: 'mat' | 'transport' | 'logi' | 'nöje' | 'övrigt';
  currency: string;
  items: number;
};

export type SampleReceipt = { name: string; lines: string[]; expected: Expected };

export type Article = { name: string; unitOre: number; quantity?: number; vatBp: number; discountOre?: number };

const lineTotal = (a: Article) => a.unitOre * (a.quantity ?? 1);

function articleLines(articles: readonly Article[], style: 'sv' | 'de' | 'en'): string[] {
  const out: string[] = [];
  for (const a of articles) {
    out.push(row(a.name, money(lineTotal(a), style)));
    if ((a.quantity ?? 1) > 1) out.push(`  ${a.quantity} st x ${money(a.unitOre, style)}`);
    if (a.discountOre) out.push(row('  Rabatt', money(-a.discountOre, style)));
  }
  return out;
}

/** Gross per VAT rate, and the rows of a Swedish "Moms Netto Brutto" table. */
function vatTable(articles: readonly Article[], style: 'sv' | 'de' | 'en', header: string): string[] {
  const gross = new Map<number, number>();
  for (const a of articles) gross.set(a.vatBp, (gross.get(a.vatBp) ?? 0) + lineTotal(a) - (a.discountOre ?? 0));
  const out = [header];
  for (const [bp, g] of [...gross].sort((x, y) => x[0] - y[0])) {
    const vat = vatOf(g, bp);
    const rate = `${bp / 100}%`;
    out.push(
      `${rate.padEnd(8)}${money(vat, style).padStart(10)}${money(g - vat, style).padStart(11)}${money(g, style).padStart(11)}`,
    );
  }
  return out;
}

const sum = (articles: readonly Article[]) => articles.reduce((s, a) => s + lineTotal(a) - (a.discountOre ?? 0), 0);
const itemCount = (articles: readonly Article[]) => articles.length;

export type GroceryOptions = {
  store: string;
  chain: string;
  address: readonly string[];
  orgNr: string;
  articles: readonly Article[];
  date: string;
  time: string;
  payment: 'card' | 'cash';
  /** How the till prints the date: "2024-03-15", "24-03-15" or "15.03.24". */
  dateStyle?: 'iso' | 'short' | 'dots';
};

function printedDate(date: string, style: GroceryOptions['dateStyle']): string {
  if (style === 'short') return date.slice(2);
  if (style === 'dots') return date.slice(2).split('-').reverse().join('.');
  return date;
}

/** A Swedish grocery receipt: header, articles, Totalt, öresavrundning for cash, payment, Moms table, footer. */
export function swedishGrocery(o: GroceryOptions): SampleReceipt {
  const total = sum(o.articles);
  const paid = o.payment === 'cash' ? Math.round(total / 100) * 100 : total;
  const lines = [centre(o.store), ...o.address.map((a) => centre(a)), centre(`Org.nr ${o.orgNr}`), ''];
  lines.push(row(`Kvitto 0042`, `${printedDate(o.date, o.dateStyle)} ${o.time}`), rule());
  lines.push(...articleLines(o.articles, 'sv'), rule());
  lines.push(row('Totalt', `${money(total)} kr`));
  if (o.payment === 'cash') {
    const tendered = Math.ceil(paid / 10_000) * 10_000 + 10_000;
    lines.push(row('Öresavrundning', money(paid - total)), row('ATT BETALA', money(paid)));
    lines.push(row('Kontant', money(tendered)), row('Växel', money(tendered - paid)));
  } else {
    lines.push(row('Kort', money(total)), row('Bankkort Visa', `SEK ${money(total)}`));
  }
  lines.push('', ...vatTable(o.articles, 'sv', 'Moms%       Moms      Netto     Brutto'), '');
  lines.push(centre('Tack för besöket!'), centre('Välkommen åter'));
  const expected = {
    totalOre: paid,
    date: o.date,
    merchant: o.chain,
    category: 'mat',
    currency: 'SEK',
    items: itemCount(o.articles),
  } as const;
  return { name: o.store, lines, expected };
}

export const ICA_ARTICLES: readonly Article[] = [
  { name: 'Mjölk 3% 1,5l', unitOre: 1895, vatBp: 1200 },
  { name: 'Bröd Levain', unitOre: 3490, vatBp: 1200 },
  { name: 'Bananer', unitOre: 2415, vatBp: 1200 },
  { name: 'Kaffe Mellanrost', unitOre: 5990, quantity: 2, vatBp: 1200, discountOre: 1000 },
  { name: 'Diskmedel', unitOre: 2995, vatBp: 2500 },
];

/** ICA Nära, card, ISO date. */
export const icaReceipt = (): SampleReceipt =>
  swedishGrocery({
    store: 'ICA Nära Hjorthagen',
    chain: 'ICA',
    address: ['Jägmästargatan 4', '115 40 Stockholm'],
    orgNr: '556123-4567',
    articles: ICA_ARTICLES,
    date: '2024-03-15',
    time: '17:42',
    payment: 'card',
  });

/** Willys, cash with öresavrundning, short date. */
export const willysReceipt = (): SampleReceipt =>
  swedishGrocery({
    store: 'WILLYS Göteborg Åbro',
    chain: 'Willys',
    address: ['Mölndalsvägen 11', '412 63 Göteborg'],
    orgNr: '556163-2232',
    articles: [
      { name: 'Pasta Penne', unitOre: 1290, quantity: 3, vatBp: 1200 },
      { name: 'Krossade tomater', unitOre: 945, quantity: 2, vatBp: 1200 },
      { name: 'Ost Präst 1kg', unitOre: 11973, vatBp: 1200 },
      { name: 'Tandkräm', unitOre: 2790, vatBp: 2500 },
    ],
    date: '2023-11-04',
    time: '10:05',
    payment: 'cash',
    dateStyle: 'short',
  });

/** Coop, card, dotted two-digit-year date (day first, as Swedish tills print dots). */
export const coopReceipt = (): SampleReceipt =>
  swedishGrocery({
    store: 'Coop Konsum Kungsholmen',
    chain: 'Coop',
    address: ['Fleminggatan 1', '112 26 Stockholm'],
    orgNr: '702001-7781',
    articles: [
      { name: 'Ägg 12-p', unitOre: 4295, vatBp: 1200 },
      { name: 'Smör Bregott', unitOre: 5495, vatBp: 1200 },
      { name: 'Äpplen Ingrid Marie', unitOre: 3380, vatBp: 1200 },
    ],
    date: '2025-01-09',
    time: '08:31',
    payment: 'card',
    dateStyle: 'dots',
  });
