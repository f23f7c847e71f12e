import { formatSignedMoney } from '../src/shared/format.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { knownBalances } from '../src/shared/domain/import/testing/known-group.ts';
import type { KnownGroup } from '../src/shared/domain/import/testing/known-group.ts';
import { writeSplitwiseCsv } from '../src/shared/domain/import/testing/writers.ts';
import { expect, expectAccessible, signUpInBrowser, skipCookieBanner, test } from './fixtures.ts';
import { PHONE } from './phone-helpers.ts';

const texts = sv.imports;
const shots = process.env.E2E_SCREENSHOTS;

/** A weekend of three: one shared shop, a cabin two paid together, a taxi not everyone took, and a payment. */
const weekend: KnownGroup = {
  name: 'Sälen',
  currency: 'SEK',
  people: ['Anna', 'Björn', 'Cecilia'],
  expenses: [
    {
      title: 'ICA Maxi',
      date: '2026-02-13',
      category: 'mat',
      totalOre: 90_000,
      payers: [{ name: 'Anna', amountOre: 90_000 }],
      shares: ['Anna', 'Björn', 'Cecilia'].map((name) => ({ name, amountOre: 30_000 })),
    },
    {
      title: 'Stuga',
      date: '2026-02-14',
      category: 'logi',
      totalOre: 300_000,
      payers: [
        { name: 'Björn', amountOre: 200_000 },
        { name: 'Cecilia', amountOre: 100_000 },
      ],
      shares: ['Anna', 'Björn', 'Cecilia'].map((name) => ({ name, amountOre: 100_000 })),
    },
    {
      title: 'Taxi',
      date: '2026-02-15',
      category: 'transport',
      totalOre: 45_050,
      payers: [{ name: 'Cecilia', amountOre: 45_050 }],
      shares: [
        { name: 'Anna', amountOre: 22_525 },
        { name: 'Cecilia', amountOre: 22_525 },
      ],
    },
  ],
  payments: [{ from: 'Anna', to: 'Björn', amountOre: 50_000, date: '2026-02-16' }],
};

test('on a phone, a Splitwise export becomes a new group with the same balances', async ({ newBrowser, baseURL }) => {
  const phone = await newBrowser(PHONE);
  await skipCookieBanner(phone);
  await signUpInBrowser(phone, baseURL ?? '', 'Anna Lind');
  const balances = knownBalances(weekend);

  await phone.goto('/app');
  await phone.getByRole('link', { name: texts.entry }).tap();
  await expect(phone.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  const chooser = phone.waitForEvent('filechooser');
  await phone.getByRole('button', { name: texts.chooseFile }).tap();
  await (
    await chooser
  ).setFiles({
    name: 'export_Salen_2026-02-16.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(writeSplitwiseCsv(weekend)),
  });

  const preview = phone.getByTestId('import-preview');
  await expect(preview.getByRole('heading', { name: texts.previewHeading })).toBeVisible();
  await expect(preview.getByTestId('import-facts')).toContainText('3 utgifter');
  const rows = preview.getByTestId('balance-row');
  await expect(rows).toHaveCount(3);
  for (const [i, name] of weekend.people.entries()) {
    await expect(rows.nth(i)).toContainText(name);
    await expect(rows.nth(i)).toContainText(formatSignedMoney(balances.get(name) ?? 0, 'SEK'));
  }

  // Anna Lind is "Anna" in the file: picked for her, and she can change who she is.
  const submit = preview.getByRole('button', { name: texts.submit });
  const meGroup = preview.getByRole('radiogroup', { name: texts.meLegend });
  await expect(meGroup.getByRole('radio', { name: 'Anna' })).toBeChecked();
  await meGroup.getByRole('radio', { name: 'Björn' }).tap();
  await expect(rows.nth(1)).toContainText('Björn (du)');
  await meGroup.getByRole('radio', { name: 'Anna' }).tap();
  await expect(meGroup.getByRole('radio', { name: 'Anna' })).toBeChecked();
  await expect(rows.nth(0)).toContainText('Anna (du)');
  const name = preview.getByLabel(texts.name);
  await expect(name).toHaveValue(sv.fill(texts.suggestedName, { app: 'Splitwise' }));
  await name.fill('');
  await name.pressSequentially('Sälen 2026');
  await expectAccessible(phone);
  if (shots) await phone.screenshot({ path: `${shots}/import-preview-phone.png`, fullPage: true });

  await submit.tap();
  await expect(phone).toHaveURL(/\/app\/group\/[0-9a-f-]+/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Sälen 2026' })).toBeVisible();
  await phone.getByRole('tab', { name: sv.settlement.tab }).tap();
  const list = phone.getByTestId('balance-row');
  await expect(list).toHaveCount(3);
  const shown = new Map<string, string>();
  for (const row of await list.all())
    shown.set(
      (await row.getByTestId('balance-name').textContent()) ?? '',
      (await row.getByTestId('balance-amount').textContent()) ?? '',
    );
  if (shots) await phone.screenshot({ path: `${shots}/import-balance-tab-phone.png`, fullPage: true });
  expect(Object.fromEntries(shown)).toEqual({
    'Anna Lind': formatSignedMoney(balances.get('Anna') ?? 0, 'SEK'),
    Björn: formatSignedMoney(balances.get('Björn') ?? 0, 'SEK'),
    Cecilia: formatSignedMoney(balances.get('Cecilia') ?? 0, 'SEK'),
  });
});

test('a file that is not an export is refused in Swedish, saying where', async ({ newBrowser, baseURL }) => {
  const page = await newBrowser(PHONE);
  await skipCookieBanner(page);
  await signUpInBrowser(page, baseURL ?? '');
  await page.goto('/app/import-group');
  await expect(page.getByRole('heading', { name: texts.howToHeading })).toBeVisible();
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/import-choose-phone.png`, fullPage: true });
  await page.getByLabel(texts.chooseFile).setInputFiles({
    name: 'kontoutdrag.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Datum;Text;Belopp\n2026-01-25;Lön;25000,00\n'),
  });
  await expect(page.getByRole('alert')).toContainText(sv.errors.IMPORT_UNKNOWN_FORMAT);
  await page.getByLabel(texts.otherFile).setInputFiles({
    name: 'splitwise.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Date,Description,Category,Cost,Currency,Anna,Björn\n2026-01-01,Taxi,Taxi,10.00,NOK,5.00,-5.00\n',
    ),
  });
  await expect(page.getByRole('alert')).toContainText(sv.errors.IMPORT_UNKNOWN_CURRENCY);
  await expect(page.getByRole('alert')).toContainText(sv.fill(texts.problemRow, { row: 2 }));
  await expect(page.getByRole('alert')).toContainText(sv.fill(texts.problemCurrency, { value: 'NOK' }));
  if (shots) await page.screenshot({ path: `${shots}/import-refused-phone.png` });
});
