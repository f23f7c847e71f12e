import { describe, expect, it } from 'vitest';
import { combineReadings } from './combine.ts';
import { parseReceipt } from './index.ts';

const TODAY = '2026-11-25';
const read = (text: string) => parseReceipt(text, { today: TODAY });

describe('Swedish totals', () => {
  it('reads the total lines Swedish tills print, in large print or small, with or without SEK', () => {
    for (const line of [
      'TOTALT SEK 554,38',
      'Totalt 554,38',
      'Att betala 554,38',
      'Summa 554,38',
      'Total SEK 554,38',
    ]) {
      expect(read(`ICA Nära\nKaffe 554,38\n${line}\nKort 554,38`).totalOre, line).toBe(55438);
    }
  });

  it('takes the amount of a card slip ("Kortköp", "Köp SEK") as a witness for the total', () => {
    const parsed = read('Hemköp\nKaffe 99,90\nTotalt 99,90\nKORTKÖP\nVisa Debit ****1234\nKöp SEK 99,90\nGodkänd');
    expect(parsed.totalOre).toBe(9990);
    expect(parsed.totalSources).toEqual(expect.arrayContaining(['total', 'card']));
  });

  it('never takes a VAT, net or gross column of the Moms table for the total', () => {
    const text =
      'Willys\nMjölk 18,95\nTandkräm 34,50\nTotalt 53,45\nBetalt Kort 53,45\n' +
      'Moms%     Moms     Netto    Brutto\n12,00      2,03     16,92     18,95\n25,00      6,90     27,60     34,50';
    expect(read(text).totalOre).toBe(5345);
    expect(read('Coop\nVara 120,00\nAtt betala 120,00\nVarav moms 25% 24,00').totalOre).toBe(12000);
  });

  it('reads what was paid in cash after öresavrundning, while the lines add up to the unrounded total', () => {
    const parsed = read(
      'City Gross\nOst 50,45\nTotalt 50,45\nÖresavrundning -0,45\nAtt betala 50,00\nKontant 100,00\nVäxel 50,00',
    );
    expect(parsed.totalOre).toBe(5000);
    expect(parsed.itemsSumToTotal).toBe(true);
  });

  it('sets lines right against the amount printed before öresavrundning, not against the rounded one', () => {
    // A misread öre digit ("25,08" for "25,00") still rounds to the amount paid; against 367,77 it shows.
    const parsed = read(
      [
        'Bensin 95 18,59',
        'Korv med bröd 24,00',
        'Kanelbulle 25,08',
        'Spolarvätska 4l 89,00',
        'Biltvätt Bas 149,00',
        'Kanelbulle 25,00',
        'Bensin 95 37,18',
        'ATT BETALA SEK 367,77',
        'Öresavrundning 0,23',
        'Att betala 368,00',
        'Kontant 400,00',
        'Växel 32,00',
      ].join('\n'),
    );
    expect(parsed.totalOre).toBe(36800);
    expect(parsed.itemsSumToTotal).toBe(true);
    expect(parsed.items.map((item) => item.amountOre)).toContain(2500);
    expect(parsed.items.map((item) => item.amountOre)).not.toContain(2508);
  });

  it('rounds what was paid in cash to the krona when the öresavrundning line was read without its amount', () => {
    const parsed = read(
      'Coop\nFalukorv 39,95\nÄgg 42,95\nTotal SEK 82,90\nÖresavrundning 010\nAtt betala 33,00\nKontant 100,00\nVäxel 17,00',
    );
    expect(parsed.totalOre).toBe(8300);
    expect(parsed.itemsSumToTotal).toBe(true);
  });

  it('rounds to the krona when the öresavrundning read is more than 50 öre, a misread amount', () => {
    // "0,11" read as "9,11"; the till's own "Att betala 690,00" misread as well.
    const parsed = read(
      'Ingo\nDiesel 639,89\nSpolarvätska 50,00\nAtt betala 689,89\nÖresavrundning 9,11\nAtt betala 698,00\nKontant 700,00',
    );
    expect(parsed.totalOre).toBe(69000);
    expect(parsed.totalSources).toContain('rounded');
    // The amount before the rounding is not relied on then: the lines are checked against the krona.
    expect(parsed.itemsSumToTotal).toBe(true);
  });

  it('sets a line right by its own quantity line when that makes the lines add up', () => {
    const parsed = read(
      [
        'Kaffe stor 3st*35,00 165,00',
        'Korv med bröd 29,00',
        'Äpplen 33,08',
        '1,005 kg x 32,90 kr/kg',
        'Totalt 167,06',
        'Kort 167,06',
      ].join('\n'),
    );
    expect(parsed.itemsSumToTotal).toBe(true);
    expect(parsed.items.map((item) => item.amountOre)).toEqual([10500, 2900, 3306]);
  });

  it('reads "Spolarvätska 4l 267,00" whose unit OCR read as digits, "41 267,00", when the lines then add up', () => {
    const lines = (total: string) => `Kaffe 35,00\nSpolarvätska 41 267,00\nTotalt ${total}\nKort ${total}`;
    expect(read(lines('302,00')).items.map((item) => item.amountOre)).toEqual([3500, 26700]);
    expect(read(lines('302,00')).itemsSumToTotal).toBe(true);
    // A real thousands-grouped price stays as printed.
    expect(read(lines('41 302,00')).items.map((item) => item.amountOre)).toEqual([3500, 4126700]);
  });

  it('prices an article whose line total OCR garbled by its count or weight, when the lines then add up', () => {
    const amounts = (text: string) => read(text).items.map((item) => [item.description, item.amountOre]);
    const total = (sum: string) => `Totalt ${sum}\nKort ${sum}`;
    // On its own line, with its discount under it.
    expect(amounts(`Baguette Ost&Skinka 3st*59,00 TR, OF\nRabatt -2,00\nKanelbulle 27,00\n${total('202,00')}`)).toEqual(
      [
        ['Baguette Ost&Skinka', 17500],
        ['Kanelbulle', 2700],
      ],
    );
    // On the weight line under a name whose price was read as letters.
    expect(amounts(`Kaffe 35,00\nBananer Tell\n0,292 kg x 24,90 kr/kg\n${total('42,27')}`)).toEqual([
      ['Kaffe', 3500],
      ['Bananer Tell', 727],
    ]);
    // With the line total run into the price of one and its first digit lost.
    expect(
      amounts(`Smör Bregott 600g 2st*54,9509,90\nRabatt 2 för -5,00\nLök gul 1kg 14,95\n${total('119,85')}`),
    ).toEqual([
      ['Smör Bregott 600g', 10490],
      ['Lök gul 1kg', 1495],
    ]);
    // A quantity line whose article line was lost stands for that article.
    expect(amounts(`Kaffe stor 105,00\n3 st x 35,00\n4 st x 29,00\n${total('221,00')}`)).toEqual([
      ['Kaffe stor', 10500],
      ['4 st x 29,00', 11600],
    ]);
    // Where the count does not make the lines add up, the article stays unread and the lines say so.
    const short = read(`Kaffe 35,00\nBananer Tell\n0,292 kg x 24,90 kr/kg\n${total('50,00')}`);
    expect(short.items.map((item) => item.amountOre)).toEqual([3500]);
    expect(short.itemsSumToTotal).toBe(false);
  });

  it('reads an amount with a digit OCR added among its öre without it, when the lines then add up', () => {
    const lines = (total: string) =>
      'Vitamin D 60st 99,080\nPlåster Mix 3st*39,00 117,060\nRabatt Extrapris -11,08\nÄpplen 52,05\n' +
      `1,582 kg x 32,90 kr/kg\nSolskydd SPF30 149,008\nTotalt ${total}\nKort ${total}`;
    // The roundest two of the three decimals, and the discount's misread öre set right to the total after that.
    expect(read(lines('406,05')).items.map((item) => item.amountOre)).toEqual([9900, 10600, 5205, 14900]);
    expect(read(lines('406,05')).itemsSumToTotal).toBe(true);
    // Where that does not add up either, the lines say so.
    expect(read(lines('416,05')).itemsSumToTotal).toBe(false);
  });

  it('says when the lines do not add up to the total', () => {
    expect(read('ICA\nKaffe 44,00\nTotalt 54,00\nKort 54,00').itemsSumToTotal).toBe(false);
  });
});

describe('combining two readings of a Swedish receipt', () => {
  it('takes a total a line names over one the articles add up to, when both have one witness', () => {
    const first = read('Circle K\n2026-10-09 16:49\nDiesel\nKorv\nDiesel 3st-19,79 59,37\nKaffe 29,00');
    const second = read('Circle K\nDiesel 59,37\nKorv 29,00\nTotalt 88,37');
    expect(first.totalSources).toEqual(['items']);
    expect(combineReadings(first, second)).toMatchObject({ totalOre: 8837, date: '2026-10-09' });
  });

  it('keeps the articles of the reading whose lines add up to the total', () => {
    const first = read('Hemköp\nKaffe 54,00\nBröd 84,90\nBulle 12,00\nTotalt 88,90\nKort 88,90');
    const second = read('Hemköp\nKaffe 54,00\nBröd 34,90\nTotalt 88,90');
    const combined = combineReadings(first, second);
    expect(combined.items.map((i) => i.description)).toEqual(['Kaffe', 'Bröd']);
    expect(combined.itemsSumToTotal).toBe(true);
  });
});
