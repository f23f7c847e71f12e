/** Texts of "Importera grupp": a group from Splitwise, Tricount or Spliit (decision 063). */
export const imports = {
  entry: 'Importera',
  title: 'Importera grupp',
  intro:
    'Flytta en grupp från Splitwise, Tricount eller Spliit till Kvitt. Välj filen som appen exporterade. Inget sparas förrän du trycker på Importera grupp.',
  howToHeading: 'Så exporterar du gruppen',
  howTo: {
    splitwise: 'Splitwise: öppna gruppen på splitwise.com, tryck på kugghjulet och välj ”Export as spreadsheet”.',
    tricount: 'Tricount: öppna tricounten, gå till inställningarna och exportera den som CSV-fil.',
    spliit: 'Spliit: öppna gruppen, gå till Utgifter och välj Exportera som JSON. CSV-exporten går också.',
  },
  chooseFile: 'Välj fil',
  fileHint: 'CSV- eller JSON-fil, högst 5 MB',
  reading: 'Läser filen…',
  otherFile: 'Välj en annan fil',
  previewHeading: 'Så blir gruppen',
  fromApp: 'Från {app}',
  suggestedName: 'Importerad från {app}',
  apps: { splitwise: 'Splitwise', tricount: 'Tricount', 'spliit-json': 'Spliit (JSON)', 'spliit-csv': 'Spliit (CSV)' },
  appNames: { splitwise: 'Splitwise', tricount: 'Tricount', 'spliit-json': 'Spliit', 'spliit-csv': 'Spliit' },
  expenseCount: { one: '{count} utgift', other: '{count} utgifter' },
  paymentCount: { one: '{count} betalning', other: '{count} betalningar' },
  period: '{from} – {to}',
  total: 'Totalt {amount}',
  balancesHeading: 'Saldo per person',
  balancesHint: 'Saldona blir desamma som i {app}.',
  meLegend: 'Vem är du?',
  meHint:
    'Du blir gruppens ägare. De andra läggs till som personer utan konto och kan ta sin plats senare med en inbjudan.',
  name: 'Gruppens namn',
  submit: 'Importera grupp',
  submitting: 'Importerar…',
  imported: 'Gruppen är importerad',
  failed: 'Kunde inte importera gruppen',
  tooLargeFile: 'Filen är större än 5 MB. Exportera en grupp i taget.',
  unreadableFile: 'Filen gick inte att öppna. Välj filen igen.',
  problemRow: 'Rad {row} i filen.',
  problemExpense: 'Utgift nummer {expense} i filen.',
  problemCurrency: 'Valutan i filen: {value}.',
  excelFile: 'Det här är en Excel-fil. Exportera gruppen som CSV i stället.',
  memberLimit:
    'Gruppen får {count} personer, men Gratis rymmer högst {limit}. Med Premium kan gruppen ha obegränsat antal medlemmar.',
  warnings: {
    skippedRows: {
      one: '{count} rad flyttar inga pengar mellan personer och tas inte med.',
      other: '{count} rader flyttar inga pengar mellan personer och tas inte med.',
    },
    roundedRows: {
      one: 'I {count} utgift var andelarna avrundade var för sig i filen; öret som saknades lades på den största andelen.',
      other:
        'I {count} utgifter var andelarna avrundade var för sig i filen; ören som saknades lades på de största andelarna.',
    },
    currencyGuessed: 'Valutan ”{value}” tolkades som {currency}.',
    namesChanged: {
      one: '{count} namn ändrades så att inga två personer heter likadant.',
      other: '{count} namn ändrades så att inga två personer heter likadant.',
    },
  },
} as const;
