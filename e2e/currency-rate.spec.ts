import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ecbXml, startEcbServer } from '../src/server/testing/ecb-server.ts';
import { formatDate, formatMoney } from '../src/shared/format.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, test } from './fixtures.ts';
import { apiGroup } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';
import { expenseDetail, expensesOf, typeInto } from './money-helpers.ts';
import { ecbPort } from './playwright.config.ts';

// The e2e server's ECB feed is a local port nothing listens on (playwright.config.ts): the ECB is unreachable.
test.use({ browserLanguage: 'en-US' });

const texts = sv.expenses;
const wizard = texts.wizard;
const shots = process.env.E2E_SCREENSHOTS;

/** Step 1 of the wizard with an amount in another currency; answers the rate field. */
async function foreignAmount(page: Page, groupId: string, amount: string, currency: string): Promise<Locator> {
  await page.goto(`/app/group/${groupId}/expense/new`);
  await typeInto(page.getByLabel(texts.fields.amount, { exact: true }), amount);
  await page.getByLabel(texts.fields.currency).click();
  await page.getByRole('option', { name: currency, exact: true }).click();
  return page.getByLabel(texts.fields.rate, { exact: true });
}

/** From step 1 through the defaults of steps 2 and 3 to the saved expense in the list. */
async function saveFromStepOne(page: Page, merchant: string, touch = false): Promise<void> {
  const press = (locator: Locator) => (touch ? locator.tap() : locator.click());
  await press(page.getByRole('button', { name: wizard.next }));
  await expect(page.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
  await press(page.getByRole('button', { name: wizard.next }));
  await press(page.getByRole('button', { name: wizard.save }));
  await expect(page.getByTestId('expense-item').filter({ hasText: merchant })).toBeVisible();
}

test('with no rate ever known, a EUR expense waits for a typed rate and is saved with it, never at 1', async ({
  page,
}) => {
  await signUp(page, 'Eva Resande');
  const groupId = await apiGroup(page, 'Paris');
  const rate = await foreignAmount(page, groupId, '240', 'EUR');
  await expect(page.getByText(sv.fill(texts.rate.none, { from: 'EUR' }))).toBeVisible();
  await expect(rate).toHaveValue('');
  await typeInto(page.getByLabel(texts.fields.merchant), 'Café de Flore');
  await page.getByRole('button', { name: wizard.next }).click();
  await expect(page.getByText(sv.validation.rateRequired)).toBeVisible();
  await expect(page.getByRole('heading', { name: wizard.stepTitles[0] })).toBeVisible();
  if (shots) await page.screenshot({ path: path.join(shots, 'rate-none-1280.png') });

  await typeInto(rate, '11,482');
  await page.getByRole('button', { name: wizard.next }).click();
  await expect(page.getByText(sv.validation.rateAmbiguous)).toBeVisible();
  await typeInto(rate, '11,45');
  await expect(page.getByText(sv.fill(texts.rate.converted, { amount: formatMoney(274_800, 'SEK') }))).toBeVisible();
  await saveFromStepOne(page, 'Café de Flore');

  const [saved] = await expensesOf(page, groupId);
  expect(await expenseDetail(page, saved?.id ?? '')).toMatchObject({
    totalOre: 24_000,
    currency: 'EUR',
    rateMicros: 11_450_000,
    rateSource: 'manual',
  });
  const row = page.getByTestId('expense-item').filter({ hasText: 'Café de Flore' });
  await expect(row).toContainText(sv.fill(texts.list.converted, { amount: formatMoney(274_800, 'SEK') }));
});

test('with the ECB unreachable, the last known rate is offered with its date on a phone and saved as such', async ({
  newBrowser,
}) => {
  const phone = await newBrowser({ viewport: { width: 390, height: 844 }, touch: true });
  await signUp(phone, 'Ulf Dollar');
  const created = await phone.request.post('/api/groups', {
    data: { name: 'New York', currency: 'USD' },
    headers: { origin: new URL(phone.url()).origin },
  });
  const groupId = ((await created.json()) as { group: { id: string } }).group.id;
  // The server reached the ECB once (a local feed on the port it was given) and saved its rates, then lost it.
  const feed = await startEcbServer(ecbXml([{ date: '2026-11-20', rates: { USD: '1.1000' } }]), ecbPort);
  try {
    const primed = await phone.request.get('/api/exchange-rates?from=USD&to=EUR&date=2026-11-20');
    expect(await primed.json()).toMatchObject({ source: 'ecb', rateDate: '2026-11-20' });
  } finally {
    await feed.close();
  }

  const rate = await foreignAmount(phone, groupId, '240', 'EUR');
  const label = sv.fill(texts.rate.stored, { date: formatDate('2026-11-20'), from: 'EUR', to: 'USD', rate: '1,1' });
  await expect(phone.getByText(label)).toBeVisible();
  await expect(rate).toHaveValue('1,1');
  await typeInto(phone.getByLabel(texts.fields.merchant), 'Deli');
  if (shots) {
    await rate.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(shots, 'rate-stored-390.png') });
  }
  await saveFromStepOne(phone, 'Deli', true);

  const [saved] = await expensesOf(phone, groupId);
  expect(await expenseDetail(phone, saved?.id ?? '')).toMatchObject({
    totalOre: 24_000,
    currency: 'EUR',
    rateMicros: 1_100_000,
    rateDate: '2026-11-20',
    rateSource: 'stored',
  });
});
