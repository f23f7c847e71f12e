import type { Locator, Page } from '@playwright/test';

/** Empties a field and types `text` key by key, as a person does (never `fill`, which skips the keyboard). */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

export type SavedExpense = { id: string; merchant: string | null; totalOre: number; rateMicros: number };

/** The group's expenses as the API stores them, newest first. */
export async function expensesOf(page: Page, groupId: string): Promise<SavedExpense[]> {
  const response = await page.request.get(`/api/groups/${groupId}/expenses?limit=200`);
  return ((await response.json()) as { expenses: SavedExpense[] }).expenses;
}

export type SavedDetail = SavedExpense & {
  currency: string;
  rateDate: string | null;
  rateSource: string;
  shares: Array<{ name: string | null; shareOre: number; shareInput: number | null }>;
};

/** One expense with its shares, read back through the API. */
export async function expenseDetail(page: Page, expenseId: string): Promise<SavedDetail> {
  const response = await page.request.get(`/api/expenses/${expenseId}`);
  return ((await response.json()) as { expense: SavedDetail }).expense;
}
