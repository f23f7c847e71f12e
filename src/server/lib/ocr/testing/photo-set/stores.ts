// The Swedish shops the generated receipt photos come from: chains, their store formats, the places they stand, and
// what they sell. Names and places are ordinary public facts; addresses and org numbers are made up.

/** What a shop sells, which decides its articles, its VAT rates and its layout. */
export type ShopKind =
  'grocery' | 'pharmacy' | 'fuel' | 'kiosk' | 'cafe' | 'fastfood' | 'hardware' | 'alcohol' | 'train' | 'department';

export type StoreFormat = {
  /** The store as the receipt names it, without the place ("ICA Supermarket", "Stora Coop"). */
  name: string;
  kind: ShopKind;
  /** The logo's text when the chain prints its name as a picture ("ICA"); null prints none. */
  logo: string | null;
  /** Printed header lines when the chain's name stands only in the logo ("MAXI STORMARKNAD"). */
  logoOnlyHeader?: string;
  /** Shortest reading that still names the store: the chain with its format. Defaults to `name`. */
  short?: string;
};

export const FORMATS: readonly StoreFormat[] = [
  { name: 'ICA Nära', kind: 'grocery', logo: 'ICA' },
  { name: 'ICA Supermarket', kind: 'grocery', logo: 'ICA' },
  { name: 'ICA Kvantum', kind: 'grocery', logo: 'ICA', logoOnlyHeader: 'KVANTUM' },
  { name: 'ICA Maxi Stormarknad', kind: 'grocery', logo: 'ICA', logoOnlyHeader: 'MAXI STORMARKNAD', short: 'ICA Maxi' },
  { name: 'Coop', kind: 'grocery', logo: 'Coop' },
  { name: 'Coop Konsum', kind: 'grocery', logo: 'Coop' },
  { name: 'Stora Coop', kind: 'grocery', logo: 'Coop' },
  { name: 'Willys', kind: 'grocery', logo: 'WILLYS' },
  { name: 'Willys Hemma', kind: 'grocery', logo: 'WILLYS' },
  { name: 'Hemköp', kind: 'grocery', logo: null },
  { name: 'Lidl', kind: 'grocery', logo: 'LIDL' },
  { name: 'City Gross', kind: 'grocery', logo: null },
  { name: 'Systembolaget', kind: 'alcohol', logo: null },
  { name: 'Apoteket', kind: 'pharmacy', logo: null },
  { name: 'Apotek Hjärtat', kind: 'pharmacy', logo: null },
  { name: 'Kronans Apotek', kind: 'pharmacy', logo: null },
  { name: 'Pressbyrån', kind: 'kiosk', logo: null },
  { name: '7-Eleven', kind: 'kiosk', logo: '7-ELEVEN' },
  { name: 'Circle K', kind: 'fuel', logo: 'CIRCLE K' },
  { name: 'Preem', kind: 'fuel', logo: null },
  { name: 'OKQ8', kind: 'fuel', logo: 'OKQ8' },
  { name: 'Ingo', kind: 'fuel', logo: null },
  { name: 'Clas Ohlson', kind: 'hardware', logo: null },
  { name: 'Biltema', kind: 'hardware', logo: 'BILTEMA' },
  { name: 'Jula', kind: 'hardware', logo: null },
  { name: 'IKEA', kind: 'department', logo: 'IKEA' },
  { name: 'Åhléns', kind: 'department', logo: null },
  { name: 'Espresso House', kind: 'cafe', logo: null },
  { name: 'Max', kind: 'fastfood', logo: 'MAX' },
  { name: 'SJ', kind: 'train', logo: 'SJ' },
];

export const PLACES: readonly { place: string; street: string; postcode: string; city: string }[] = [
  { place: 'Lindhagen', street: 'Lindhagensgatan 118', postcode: '112 51', city: 'Stockholm' },
  { place: 'Sickla', street: 'Sicklastråket 7', postcode: '131 54', city: 'Nacka' },
  { place: 'Flygstaden', street: 'Flygfältsgatan 3', postcode: '302 38', city: 'Halmstad' },
  { place: 'Västerås City', street: 'Stora Gatan 40', postcode: '722 12', city: 'Västerås' },
  { place: 'Mölndal', street: 'Göteborgsvägen 97', postcode: '431 37', city: 'Mölndal' },
  { place: 'Luleå Storheden', street: 'Banvägen 6', postcode: '973 46', city: 'Luleå' },
  { place: 'Triangeln', street: 'Södra Förstadsgatan 41', postcode: '211 43', city: 'Malmö' },
  { place: 'Gränby', street: 'Marknadsgatan 5', postcode: '754 47', city: 'Uppsala' },
  { place: 'Odenplan', street: 'Odengatan 69', postcode: '113 22', city: 'Stockholm' },
  { place: 'Haga', street: 'Haga Nygata 12', postcode: '413 01', city: 'Göteborg' },
  { place: 'Umeå Ersboda', street: 'Formvägen 14', postcode: '906 21', city: 'Umeå' },
  { place: 'Linköping Tornby', street: 'Roxtorpsgatan 10', postcode: '582 77', city: 'Linköping' },
  { place: 'Örebro Marieberg', street: 'Mariebergsvägen 2', postcode: '703 75', city: 'Örebro' },
  { place: 'Jönköping A6', street: 'Batterigatan 5', postcode: '553 05', city: 'Jönköping' },
];

/** An article a shop of some kind sells: name, price in öre, VAT in basis points, how it is sold. */
export type Ware = { name: string; priceOre: number; vatBp: number; sold?: 'piece' | 'weight'; pantOre?: number };

const food = (name: string, priceOre: number, sold: Ware['sold'] = 'piece', pantOre?: number): Ware => ({
  name,
  priceOre,
  vatBp: 1200,
  sold,
  ...(pantOre ? { pantOre } : {}),
});
const goods = (name: string, priceOre: number): Ware => ({ name, priceOre, vatBp: 2500 });

export const WARES: Record<ShopKind, readonly Ware[]> = {
  grocery: [
    food('Mjölk 3% 1,5l', 1895),
    food('Filmjölk 1l', 1650),
    food('Bröd Levain', 3490),
    food('Smör Bregott 600g', 5495),
    food('Ägg 12-p', 4295),
    food('Bananer', 2490, 'weight'),
    food('Äpplen Ingrid Marie', 3290, 'weight'),
    food('Tomater kvist', 4990, 'weight'),
    food('Kaffe Mellanrost 450g', 5990),
    food('Pasta Penne 1kg', 2290),
    food('Krossade tomater', 1195),
    food('Ost Präst 1kg', 11990),
    food('Falukorv 800g', 3995),
    food('Kycklingfilé 900g', 8990),
    food('Laxfilé 4-p', 9490),
    food('Gurka', 1490),
    food('Potatis fast 2kg', 2995),
    food('Lök gul 1kg', 1495),
    food('Yoghurt Vanilj', 2195),
    food('Coca-Cola 1,5l', 2495, 'piece', 200),
    food('Loka Citron 50cl', 1295, 'piece', 100),
    food('Pripps Blå 33cl', 995, 'piece', 100),
    food('Fläskfilé', 15900, 'weight'),
    food('Lösgodis', 9900, 'weight'),
    goods('Diskmedel Yes', 2995),
    goods('Toalettpapper 8-p', 5995),
    goods('Tvättmedel 1,5l', 7995),
    goods('Bärkasse', 300),
  ],
  pharmacy: [
    goods('Alvedon 500mg 20st', 5900),
    goods('Ipren 400mg 30st', 6900),
    goods('Solskydd SPF30', 14900),
    goods('Plåster Mix', 3900),
    goods('Nässpray', 5400),
    goods('Tandkräm Zendium', 3450),
    goods('Handkräm', 8900),
    goods('Vitamin D 60st', 9900),
  ],
  fuel: [
    goods('Bensin 95', 1859),
    goods('Diesel', 1979),
    goods('Biltvätt Bas', 14900),
    goods('Spolarvätska 4l', 8900),
    food('Kaffe stor', 3500),
    food('Korv med bröd', 2900),
    food('Kanelbulle', 2500),
  ],
  kiosk: [
    food('Kaffe', 3200),
    food('Kanelbulle', 2700),
    food('Sallad Kyckling', 7900),
    food('Baguette Ost&Skinka', 5900),
    food('Ramlösa 50cl', 2500, 'piece', 100),
    goods('Tidning DN', 4000),
    goods('SL-biljett', 4200),
  ],
  cafe: [
    food('Caffe Latte', 5200),
    food('Cappuccino', 4900),
    food('Bryggkaffe', 3500),
    food('Kanelbulle', 3200),
    food('Chokladboll', 2900),
    food('Focaccia Mozzarella', 7900),
    food('Chai Latte', 5400),
  ],
  fastfood: [
    food('Grand Cheese Meal', 11900),
    food('Halloumi Burger', 8900),
    food('Pommes Frites', 3400),
    food('Coca-Cola Zero', 2900),
    food('Chili Cheese 6-p', 3900),
    food('Milkshake Choklad', 3900),
  ],
  hardware: [
    goods('Skruv 4x40 200st', 7990),
    goods('LED-lampa E27', 4990),
    goods('Förlängningssladd 5m', 12990),
    goods('Batterier AA 8-p', 8990),
    goods('Eltejp', 2490),
    goods('Borrsats 10 delar', 19900),
    goods('Sladdvinda', 4490),
    goods('Arbetshandskar', 5990),
  ],
  alcohol: [
    goods('Rött vin Rioja 75cl', 11900),
    goods('Vitt vin Riesling 75cl', 13900),
    goods('Öl Lager 50cl', 1990),
    goods('Cider Päron 33cl', 1890),
    goods('Mousserande Cava', 9900),
    goods('Alkoholfritt vin', 6900),
  ].map((w) => ({ ...w, ...(w.name.includes('cl') && w.priceOre < 3000 ? { pantOre: 100 } : {}) })),
  train: [
    { name: 'Enkelbiljett Sthlm-Gbg', priceOre: 59500, vatBp: 600 },
    { name: 'Platsbiljett', priceOre: 4500, vatBp: 600 },
    food('Kaffe', 3200),
    food('Räksmörgås', 8900),
  ],
  department: [
    goods('Doftljus', 9900),
    goods('Handduk 50x70', 14900),
    goods('Kökshandduk 2-p', 7900),
    goods('Servetter', 2900),
    goods('Förvaringsbox', 4990),
    goods('Glas 4-p', 9900),
    food('Choklad 100g', 3500),
  ],
};
