import { centre, money, row, rule, vatOf } from './layout.ts';
import type { SampleReceipt } from './sample-receipts.ts';

/** A German supermarket receipt: "SUMME", EC-Karte, MwSt table with A/B rates, day-first date. */
export function germanReceipt(): SampleReceipt {
  const articles: Array<[string, number, 'A' | 'B']> = [
    ['Vollmilch 3,5%', 119, 'A'],
    ['Laugenbrezel', 69, 'A'],
    ['Apfelsaft naturtrüb', 189, 'B'],
    ['Bananen', 155, 'A'],
  ];
  const rates = { A: 700, B: 1900 };
  const total = articles.reduce((s, [, p]) => s + p, 0);
  const lines = [centre('REWE Markt GmbH'), centre('Hauptstr. 12'), centre('80331 München'), '', row('', 'EUR')];
  for (const [name, price, rate] of articles) lines.push(row(name, `${money(price, 'de')} ${rate}`));
  lines.push(rule(), row('SUMME', `EUR ${money(total, 'de')}`), row('Geg. EC-Karte', `EUR ${money(total, 'de')}`), '');
  lines.push('Steuer  %     Netto    Steuer    Brutto');
  for (const key of ['A', 'B'] as const) {
    const gross = articles.filter((a) => a[2] === key).reduce((s, [, p]) => s + p, 0);
    const vat = vatOf(gross, rates[key]);
    lines.push(
      `${key}= ${rates[key] / 100},0%${money(gross - vat, 'de').padStart(10)}${money(vat, 'de').padStart(10)}${money(gross, 'de').padStart(10)}`,
    );
  }
  lines.push('', row('12.07.2024', '18:22'), centre('Vielen Dank für Ihren Einkauf'));
  return {
    name: 'German REWE',
    lines,
    expected: {
      totalOre: total,
      date: '2024-07-12',
      merchant: 'REWE',
      category: 'mat',
      currency: 'EUR',
      items: articles.length,
    },
  };
}

/** A Finnish K-Market receipt: YHTEENSÄ, card, ALV table, D.M.YYYY date. */
export function finnishReceipt(): SampleReceipt {
  const articles: Array<[string, number]> = [
    ['Ruisleipä 500g', 229],
    ['Maito 1l', 119],
    ['Juusto Oltermanni', 545],
    ['Kahvi Juhla Mokka', 489],
  ];
  const total = articles.reduce((s, [, p]) => s + p, 0);
  const lines = [
    centre('K-Market Kamppi'),
    centre('Urho Kekkosen katu 1'),
    centre('00100 Helsinki'),
    '',
    row('K002 M004123/5521', '9:41 3.8.2024'),
  ];
  for (const [name, price] of articles) lines.push(row(name, money(price, 'de')));
  lines.push(rule(), row('YHTEENSÄ', money(total, 'de')), '', row('Pankkikortti', `${money(total, 'de')} EUR`), '');
  const vat = vatOf(total, 1400);
  lines.push('ALV      VEROTON    VERO   VEROLLINEN');
  lines.push(
    `14,00%${money(total - vat, 'de').padStart(12)}${money(vat, 'de').padStart(8)}${money(total, 'de').padStart(13)}`,
  );
  lines.push('', centre('Kiitos käynnistä!'));
  return {
    name: 'Finnish K-Market',
    lines,
    expected: {
      totalOre: total,
      date: '2024-08-03',
      merchant: 'K-Market',
      category: 'mat',
      currency: 'EUR',
      items: articles.length,
    },
  };
}

/** An English café receipt abroad: Subtotal, VAT, Total with a thousands comma. */
export function englishReceipt(): SampleReceipt {
  const lines = [
    centre('The Grind Coffee House'),
    centre('12 Market Street, London'),
    centre('VAT No 123 4567 89'),
    '',
  ];
  lines.push(row('Date: 04/10/2024', 'Time: 08:15'), rule());
  lines.push(row('Flat white', '3.60'), row('Almond croissant', '3.95'), row('Catering order', '1,250.00'), rule());
  lines.push(
    row('Subtotal', '1,257.55'),
    row('VAT 20% incl.', '209.59'),
    row('TOTAL', 'GBP 1,257.55'),
    row('Card', '1,257.55'),
  );
  return {
    name: 'English café',
    lines,
    expected: {
      totalOre: 125755,
      date: '2024-10-04',
      merchant: 'The Grind Coffee House',
      category: 'mat',
      currency: 'GBP',
      items: 3,
    },
  };
}
