import type { Locator, Page } from '@playwright/test';

/** Empties a field and types `text` key by key, as a person does (never `fill`, which skips the keyboard). */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

export type SavedReceipt = { id: string; merchant: string | null; totalOre: number; rateMicros: number };

/** The group's receipts as the API stores them, newest first. */
export async function receiptsOf(page: Page, groupId: string): Promise<SavedReceipt[]> {
  const response = await page.request.get(`/api/groups/${groupId}/receipts?limit=200`);
  return ((await response.json()) as { receipts: SavedReceipt[] }).receipts;
}

export type SavedDetail = SavedReceipt & {
  currency: string;
  rateDate: string | null;
  rateSource: string;
  shares: Array<{ name: string | null; shareOre: number; shareInput: number | null }>;
};

/** One receipt with its shares, read back through the API. */
export async function receiptDetail(page: Page, receiptId: string): Promise<SavedDetail> {
  const response = await page.request.get(`/api/receipts/${receiptId}`);
  return ((await response.json()) as { receipt: SavedDetail }).receipt;
}
