import type { ReceiptCategory } from './types.ts';

/**
 * A shop chain the parser recognises. `aliases` are regex fragments for the folded text, including the ways OCR
 * mangles a logo; `headerOnly` chains have names that are also ordinary words ("Netto", "Max"), so they only
 * count in the first lines of a receipt.
 */
export type Chain = { name: string; category: ReceiptCategory; aliases: readonly string[]; headerOnly?: boolean };

const chain = (name: string, category: ReceiptCategory, aliases: readonly string[], headerOnly = false): Chain => ({
  name,
  category,
  aliases,
  headerOnly,
});

/** Swedish chains and operators people most often split costs at: groceries, fuel, travel, hotels, shops. */
export const SWEDISH_CHAINS: readonly Chain[] = [
  chain('ICA', 'mat', ['ica(?: (?:nära|supermarket|kvantum|maxi|stormarknad))?', 'maxi ica']),
  chain('Coop', 'mat', ['coop(?: (?:konsum|extra|forum|nära))?', 'stora coop']),
  chain('Willys', 'mat', ['willys']),
  chain('Hemköp', 'mat', ['hemköp', 'hemkop']),
  // The dot of Lidl's "i" is a yellow disc that OCR reads as anything or nothing: "LDL", "LéDL", "LÖDIL".
  chain('Lidl', 'mat', ['lidl', '[il1|]?l[^\\s\\d]?d[il1]?l']),
  chain('City Gross', 'mat', ['city ?gross']),
  chain('Netto', 'mat', ['netto'], true),
  chain('Tempo', 'mat', ['tempo'], true),
  chain('Matöppet', 'mat', ['matöppet']),
  chain('Pressbyrån', 'mat', ['pressbyrån', 'pressbyran']),
  chain('7-Eleven', 'mat', ['7-?eleven']),
  chain('Systembolaget', 'mat', ['systembolaget']),
  chain('Espresso House', 'mat', ['espresso house']),
  chain("Wayne's Coffee", 'mat', ["wayne'?s coffee"]),
  chain('Max', 'mat', ['max hamburgare', 'max burgers', 'max'], true),
  chain("McDonald's", 'mat', ["mc ?donald'?s"]),
  chain('Burger King', 'mat', ['burger king']),
  chain('Sibylla', 'mat', ['sibylla']),
  chain('SJ', 'transport', ['sj', 'sj ab'], true),
  chain('SL', 'transport', ['sl', 'storstockholms lokaltrafik'], true),
  chain('Västtrafik', 'transport', ['västtrafik']),
  chain('Skånetrafiken', 'transport', ['skånetrafiken']),
  chain('Circle K', 'transport', ['circle ?k']),
  chain('OKQ8', 'transport', ['okq8']),
  chain('Preem', 'transport', ['preem']),
  chain('St1', 'transport', ['st1']),
  chain('Ingo', 'transport', ['ingo'], true),
  chain('Shell', 'transport', ['shell'], true),
  chain('Taxi Stockholm', 'transport', ['taxi stockholm']),
  chain('Taxi Kurir', 'transport', ['taxi kurir']),
  chain('Sverigetaxi', 'transport', ['sverigetaxi']),
  chain('Uber', 'transport', ['uber'], true),
  chain('Bolt', 'transport', ['bolt'], true),
  chain('EasyPark', 'transport', ['easy ?park']),
  chain('Arlanda Express', 'transport', ['arlanda express']),
  chain('Flixbus', 'transport', ['flixbus']),
  chain('Scandic', 'logi', ['scandic']),
  chain('Elite Hotels', 'logi', ['elite hotels?']),
  chain('Clarion', 'logi', ['clarion']),
  chain('Quality Hotel', 'logi', ['quality hotel']),
  chain('Comfort Hotel', 'logi', ['comfort hotel']),
  chain('Best Western', 'logi', ['best western']),
  chain('STF', 'logi', ['stf', 'svenska turistföreningen'], true),
  chain('Filmstaden', 'nöje', ['filmstaden', 'sf bio']),
  chain('Liseberg', 'nöje', ['liseberg']),
  chain('Gröna Lund', 'nöje', ['gröna lund']),
  chain('Skansen', 'nöje', ['skansen']),
  chain('IKEA', 'övrigt', ['ikea']),
  chain('Clas Ohlson', 'övrigt', ['clas ohlson']),
  chain('Biltema', 'övrigt', ['biltema']),
  chain('Jula', 'övrigt', ['jula'], true),
  chain('Bauhaus', 'övrigt', ['bauhaus']),
  chain('Byggmax', 'övrigt', ['byggmax']),
  chain('Apotek Hjärtat', 'övrigt', ['apotek hjärtat']),
  chain('Apoteket', 'övrigt', ['apoteket']),
  chain('Kronans Apotek', 'övrigt', ['kronans apotek']),
  chain('Åhléns', 'övrigt', ['åhléns', 'åhlens']),
  chain('H&M', 'övrigt', ['h ?& ?m'], true),
  chain('Elgiganten', 'övrigt', ['elgiganten']),
  chain('MediaMarkt', 'övrigt', ['media ?markt']),
  chain('Stadium', 'övrigt', ['stadium'], true),
  chain('Rusta', 'övrigt', ['rusta'], true),
];

/** The largest grocery and drugstore chains of the countries Swedes travel to most (Finland, Norway, Germany). */
export const TRAVEL_CHAINS: readonly Chain[] = [
  chain('Prisma', 'mat', ['prisma'], true),
  chain('S-market', 'mat', ['s-market']),
  chain('K-Citymarket', 'mat', ['k-citymarket']),
  chain('K-Supermarket', 'mat', ['k-supermarket']),
  chain('K-Market', 'mat', ['k-market']),
  chain('Alepa', 'mat', ['alepa'], true),
  chain('Rema 1000', 'mat', ['rema 1000']),
  chain('Kiwi', 'mat', ['kiwi'], true),
  chain('Meny', 'mat', ['meny'], true),
  chain('ALDI', 'mat', ['aldi']),
  chain('REWE', 'mat', ['rewe']),
  chain('EDEKA', 'mat', ['edeka']),
  chain('Kaufland', 'mat', ['kaufland']),
  chain('Penny', 'mat', ['penny'], true),
  chain('dm', 'övrigt', ['dm-drogerie markt', 'dm-markt']),
  chain('Rossmann', 'övrigt', ['rossmann']),
];

export const ALL_CHAINS: readonly Chain[] = [...SWEDISH_CHAINS, ...TRAVEL_CHAINS];
