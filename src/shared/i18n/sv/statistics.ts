/** /app/statistics: the user's spending and payments (decision 027 for currencies). */
export const statistics = {
  title: 'Statistik',
  description: 'Din andel av gruppernas utgifter och det du själv har betalat.',
  spent: 'Din andel',
  paid: 'Du har betalat',
  expenseCount: 'Kvitton',
  currency: 'Valuta',
  currencyHint: 'Belopp i olika valutor läggs aldrig ihop. Varje grupps utgifter räknas i gruppens valuta.',
  perMonth: 'Per månad',
  perCategory: 'Per kategori',
  perGroup: 'Per grupp',
  month: 'Månad',
  category: 'Kategori',
  group: 'Grupp',
  tableCaption: '{section} i {currency}',
  emptyTitle: 'Ingen statistik ännu',
  emptyText:
    'När du har utgifter i en grupp visas här vad du har betalat och vad din andel har varit, per månad, kategori och grupp.',
  emptyAction: 'Till mina grupper',
  loadFailed: 'Kunde inte ladda statistiken',
  categories: { mat: 'Mat', transport: 'Transport', logi: 'Logi', nöje: 'Nöje', övrigt: 'Övrigt' },
} as const;
