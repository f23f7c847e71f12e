import type { Chain } from './chains.ts';
import { words } from './keywords.ts';
import type { Line } from './lines.ts';
import type { ReceiptCategory } from './types.ts';

/** Space-separated words; "_" stands for a space inside a phrase. */
const list = (text: string) =>
  words(
    text
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/_/g, ' ')),
  );

// Words that betray what was bought, in Swedish, German, Finnish and English.
const SIGNALS: ReadonlyArray<[ReceiptCategory, RegExp]> = [
  [
    'transport',
    list(`bensin diesel e85 hvo drivmedel tankstelle kraftstoff benzin super_e10 polttoaine fuel petrol taxi
      taxameter körsträcka parkering parking parkschein pysäköinti tågbiljett tågresa fahrkarte bussbiljett flyg boarding
      kr/l kr/liter liter laddning`),
  ],
  [
    'logi',
    list(`hotell? vandrarhem hostel logi övernattning incheckning check-?in check-?out nätter nights? übernachtung
      zimmer majoitus room rum_nr frukost_ingår`),
  ],
  [
    'nöje',
    list(`bio biograf kino konsert concert teater theater museum museo entré eintritt bowling nöjespark tivoli
      åkband spa minigolf escape_room ticket`),
  ],
  [
    'mat',
    list(`restaurang restaurant ravintola café cafe kafé pizzeria pizza lunch middag frukost kaffe kahvi kaffee
      coffee espresso latte cappuccino flat_white croissant mjölk milch maito milk bröd brot leipä bread ost käse
      juusto cheese smör butter ägg eier banan(?:er|en)? äpple äpfel joghurt yoghurt jogurtti kyckling hähnchen
      chicken öl bier olut vin wein livsmedel lebensmittel dricka juice saft sallad salat burger kebab sushi potatis
      kartoffeln tomat(?:en|er)? gurka pasta ris reis`),
  ],
];

// Food words turn up on every receipt with a snack on it, so a hit for the other categories counts triple.
const WEIGHT: Record<ReceiptCategory, number> = { transport: 3, logi: 3, nöje: 3, mat: 1, övrigt: 1 };

/**
 * The expense category (mat, transport, logi, nöje, övrigt) from the recognised chain, else from the words on the
 * receipt (fuel, taxi, hotel, cinema, food); null when nothing points anywhere, so the form keeps its own choice.
 */
export function findCategory(lines: readonly Line[], chain: Chain | null): ReceiptCategory | null {
  if (chain) return chain.category;
  let best: { category: ReceiptCategory; score: number } | null = null;
  for (const [category, pattern] of SIGNALS) {
    const score = lines.filter((line) => pattern.test(line.key)).length * WEIGHT[category];
    if (score > 0 && (!best || score > best.score)) best = { category, score };
  }
  return best?.category ?? null;
}
