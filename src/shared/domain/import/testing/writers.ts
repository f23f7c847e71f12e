import { knownBalances } from './known-group.ts';
import type { KnownGroup } from './known-group.ts';

// Test files in each source's format, written from a known group the way each app writes its export (decision 063).

const dot = (ore: number) =>
  `${ore < 0 ? '-' : ''}${Math.trunc(Math.abs(ore) / 100)}.${String(Math.abs(ore) % 100).padStart(2, '0')}`;
const comma = (ore: number) => dot(ore).replace('.', ',');
/** A number as JavaScript prints it, the way Spliit's CSV writes its shares: 12.5, -3.33, 0. */
const jsNumber = (ore: number) => String(ore / 100);
const quoted = (cell: string) => (/[",;\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const line = (cells: string[], separator = ',') => cells.map(quoted).join(separator);

const SPLITWISE_CATEGORY: Record<string, string> = {
  mat: 'Groceries',
  transport: 'Taxi',
  logi: 'Rent',
  nöje: 'Movies',
  övrigt: 'General',
};

function netsOf(group: KnownGroup, expense: KnownGroup['expenses'][number]): number[] {
  return group.people.map(
    (name) =>
      expense.payers.filter((p) => p.name === name).reduce((sum, p) => sum + p.amountOre, 0) -
      expense.shares.filter((s) => s.name === name).reduce((sum, s) => sum + s.amountOre, 0),
  );
}

/** Splitwise's "Export as spreadsheet": nets per person, payments as "Payment", a blank line and "Total balance". */
export function writeSplitwiseCsv(group: KnownGroup): string {
  const rows = [line(['Date', 'Description', 'Category', 'Cost', 'Currency', ...group.people]), ''];
  for (const expense of group.expenses) {
    const category = SPLITWISE_CATEGORY[expense.category] ?? 'General';
    const nets = netsOf(group, expense).map(dot);
    rows.push(line([expense.date, expense.title, category, dot(expense.totalOre), group.currency, ...nets]));
  }
  for (const payment of group.payments) {
    const nets = group.people.map((name) =>
      dot(name === payment.from ? payment.amountOre : name === payment.to ? -payment.amountOre : 0),
    );
    rows.push(
      line([
        payment.date,
        `${payment.from} paid ${payment.to}`,
        'Payment',
        dot(payment.amountOre),
        group.currency,
        ...nets,
      ]),
    );
  }
  const balances = knownBalances(group);
  rows.push(
    '',
    line([
      '2026-11-25',
      'Total balance',
      ' ',
      ' ',
      group.currency,
      ...group.people.map((n) => dot(balances.get(n) ?? 0)),
    ]),
  );
  return `${rows.join('\n')}\n`;
}

const participantId = (index: number) => `p${String(index).padStart(2, '0')}-${(index * 7919).toString(36)}`;

/** Spliit's JSON export: one payer per expense, shares BY_AMOUNT in cents, which Spliit splits exactly as written. */
export function writeSpliitJson(group: KnownGroup): string {
  const ids = new Map(group.people.map((name, i) => [name, participantId(i)]));
  const id = (name: string) => ids.get(name) ?? '';
  const expenses = group.expenses.map((expense, i) => {
    const [payer, ...others] = expense.payers;
    if (!payer || others.length > 0) throw new RangeError('a Spliit expense has one payer');
    return {
      id: `e${i}`,
      expenseDate: `${expense.date}T00:00:00.000Z`,
      title: expense.title,
      category: { grouping: 'Food and Drink', name: 'Groceries' },
      amount: expense.totalOre,
      paidById: id(payer.name),
      paidFor: expense.shares.map((s) => ({ participantId: id(s.name), shares: s.amountOre })),
      isReimbursement: false,
      splitMode: 'BY_AMOUNT',
    };
  });
  const reimbursements = group.payments.map((payment, i) => ({
    id: `r${i}`,
    expenseDate: `${payment.date}T00:00:00.000Z`,
    title: 'Återbetalning',
    category: null,
    amount: payment.amountOre,
    paidById: id(payment.from),
    paidFor: [{ participantId: id(payment.to), shares: payment.amountOre }],
    isReimbursement: true,
    splitMode: 'BY_AMOUNT',
  }));
  return JSON.stringify(
    {
      id: 'g1',
      name: group.name,
      currency: group.currency === 'EUR' ? '€' : group.currency,
      currencyCode: group.currency,
      participants: group.people.map((name) => ({ id: id(name), name })),
      expenses: [...expenses, ...reimbursements],
    },
    null,
    2,
  );
}

/**
 * Spliit's CSV export: a participant's cell is their share, positive for the payer. An expense must have one payer
 * who is among those sharing, or the file cannot say who paid.
 */
export function writeSpliitCsv(group: KnownGroup): string {
  const rows = [
    line(['Date', 'Description', 'Category', 'Currency', 'Cost', 'Is Reimbursement', 'Split mode', ...group.people]),
  ];
  for (const expense of group.expenses) {
    const payer = expense.payers[0]?.name;
    const cells = group.people.map((name) => {
      const share = expense.shares.find((s) => s.name === name)?.amountOre ?? 0;
      return jsNumber(name === payer ? share : -share);
    });
    rows.push(
      line([
        expense.date,
        expense.title,
        'Groceries',
        group.currency,
        dot(expense.totalOre),
        'No',
        'Unevenly – By amount',
        ...cells,
      ]),
    );
  }
  for (const payment of group.payments) {
    const cells = group.people.map((name) => jsNumber(name === payment.to ? -payment.amountOre : 0));
    rows.push(
      line([
        payment.date,
        'Återbetalning',
        '',
        group.currency,
        dot(payment.amountOre),
        'Yes',
        'Unevenly – By amount',
        ...cells,
      ]),
    );
  }
  return `\uFEFF${rows.join('\n')}`;
}

/** Tricount's export as decision 063 reads it: ";" separated, decimal comma, a paid and an impacted column per person. */
export function writeTricountCsv(group: KnownGroup): string {
  const header = [
    'Title',
    'Amount',
    'Currency',
    'Exchange rate',
    `Amount in default currency (${group.currency})`,
    'Type',
    'Paid by',
    'Date & time',
    ...group.people.map((name) => `Paid by ${name}`),
    ...group.people.map((name) => `Impacted to ${name}`),
  ];
  const rows = [line(header, ';')];
  const amountOf = (list: Array<{ name: string; amountOre: number }>, name: string) =>
    comma(list.find((entry) => entry.name === name)?.amountOre ?? 0);
  for (const expense of group.expenses) {
    rows.push(
      line(
        [
          expense.title,
          comma(expense.totalOre),
          group.currency,
          '1',
          comma(expense.totalOre),
          'Normal',
          expense.payers[0]?.name ?? '',
          `${expense.date.split('-').reverse().join('/')} 12:00`,
          ...group.people.map((name) => amountOf(expense.payers, name)),
          ...group.people.map((name) => amountOf(expense.shares, name)),
        ],
        ';',
      ),
    );
  }
  for (const payment of group.payments) {
    const from = [{ name: payment.from, amountOre: payment.amountOre }];
    const to = [{ name: payment.to, amountOre: payment.amountOre }];
    rows.push(
      line(
        [
          'Återbetalning',
          comma(payment.amountOre),
          group.currency,
          '1',
          comma(payment.amountOre),
          'Money transfer',
          payment.from,
          `${payment.date.split('-').reverse().join('/')} 12:00`,
          ...group.people.map((name) => amountOf(from, name)),
          ...group.people.map((name) => amountOf(to, name)),
        ],
        ';',
      ),
    );
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
