import { centre, money, row, rule, vatOf } from './layout.ts';
import type { SampleReceipt } from './sample-receipts.ts';

/** A restaurant bill paid by card with a tip on top: the amount paid includes the tip, VAT does not. */
export function restaurantWithTip(): SampleReceipt {
  const dishes: Array<[string, number]> = [
    ['Toast Skagen', 14500],
    ['Köttbullar m. potatismos', 19500],
    ['Wallenbergare', 24500],
    ['Lingonsaft', 3500],
    ['Kaffe', 3900],
  ];
  const food = dishes.reduce((s, [, p]) => s + p, 0);
  const tip = 5600;
  const lines = [
    centre('Restaurang Pelikan'),
    centre('Blekingegatan 40'),
    centre('116 62 Stockholm'),
    centre('Org.nr 556000-1234'),
    '',
  ];
  lines.push(row('Bord 12', '2024-05-18 21:37'), rule());
  for (const [name, price] of dishes) lines.push(row(name, money(price)));
  lines.push(rule(), row('Summa', money(food)), row('Dricks', money(tip)), row('Totalt att betala', money(food + tip)));
  lines.push(row('Kortköp Mastercard', money(food + tip)), '');
  lines.push('Moms%       Moms      Netto     Brutto');
  lines.push(
    `12%${money(vatOf(food, 1200)).padStart(15)}${money(food - vatOf(food, 1200)).padStart(11)}${money(food).padStart(11)}`,
  );
  lines.push('', centre('Tack för besöket!'));
  return {
    name: 'restaurant with tip',
    lines,
    expected: {
      totalOre: food + tip,
      date: '2024-05-18',
      merchant: 'Restaurang Pelikan',
      category: 'mat',
      currency: 'SEK',
      items: dishes.length,
    },
  };
}

/** Fuel at a Circle K station: litres and price per litre on the article line, card payment, 25 % VAT. */
export function fuelReceipt(): SampleReceipt {
  const total = 84217;
  const vat = vatOf(total, 2500);
  const lines = [
    centre('CIRCLE K'),
    centre('Circle K Sverige AB'),
    centre('Essingeleden Stockholm'),
    centre('Org.nr 556000-5678'),
    '',
  ];
  lines.push(row('Kvittonr 118822', '23-08-07 16:02'), rule());
  lines.push('Pump 4  Bensin 95', row('  43,36 l x 19,42 kr/l', money(total)), rule());
  lines.push(row('Att betala', `${money(total)} kr`), row('Kortbetalning', money(total)));
  lines.push('', row('Moms 25%', money(vat)), row('Netto', money(total - vat)), row('Brutto', money(total)));
  lines.push('', centre('Välkommen åter!'));
  return {
    name: 'fuel',
    lines,
    expected: {
      totalOre: total,
      date: '2023-08-07',
      merchant: 'Circle K',
      category: 'transport',
      currency: 'SEK',
      items: 1,
    },
  };
}

/** A taxi receipt with whole-krona amounts ("389 kr"), distance and 6 % VAT. */
export function taxiReceipt(): SampleReceipt {
  const lines = [centre('Taxi Stockholm 15 00 00'), centre('Org.nr 556000-9012'), ''];
  lines.push(row('Datum', '2024-02-10'), row('Tid', '23:14-23:41'), row('Bil', '4711'));
  lines.push(row('Körsträcka', '14,2 km'), row('Restid', '27 min'), rule());
  lines.push(row('Totalt', '389 kr'), row('varav moms 6%', '22,02 kr'), row('Betalt med kort', '389 kr'), rule());
  lines.push(centre('Tack för resan!'));
  return {
    name: 'taxi',
    lines,
    expected: {
      totalOre: 38900,
      date: '2024-02-10',
      merchant: 'Taxi Stockholm',
      category: 'transport',
      currency: 'SEK',
      items: 0,
    },
  };
}

/** A hotel invoice: two nights and breakfast, card payment. */
export function hotelReceipt(): SampleReceipt {
  const nights = 2 * 129000;
  const breakfast = 2 * 19500;
  const total = nights + breakfast;
  const lines = [centre('Scandic Malmen'), centre('Götgatan 49-51, Stockholm'), ''];
  lines.push(row('Ankomst', '2024-06-14'), row('Avresa', '2024-06-16'), row('Rum', '512'), rule());
  lines.push(row('Logi 2 nätter', money(nights)), row('Frukost 2 st', money(breakfast)), rule());
  lines.push(row('Summa', `SEK ${money(total)}`), row('Visa', `SEK ${money(total)}`));
  lines.push(row('Moms 12%', money(vatOf(total, 1200))), '', row('Utskrivet', '2024-06-16 11:02'));
  return {
    name: 'hotel',
    lines,
    expected: { totalOre: total, date: '2024-06-16', merchant: 'Scandic', category: 'logi', currency: 'SEK', items: 2 },
  };
}

/** Cinema tickets: the category comes from the words, not from a chain. */
export function cinemaReceipt(): SampleReceipt {
  const lines = [centre('Bio Rio'), centre('Hornstulls strand 3'), centre('117 39 Stockholm'), ''];
  lines.push(
    row('2024-09-21', '19:05'),
    rule(),
    row('Biljett vuxen 2 st', money(29000)),
    row('Popcorn', money(6500)),
    rule(),
  );
  lines.push(row('Summa', money(35500)), row('Swish', money(35500)), row('Moms 6%', money(vatOf(29000, 600))));
  return {
    name: 'cinema',
    lines,
    expected: { totalOre: 35500, date: '2024-09-21', merchant: 'Bio Rio', category: 'nöje', currency: 'SEK', items: 2 },
  };
}
