import { useState } from 'react';
import { MoreHorizontalIcon, PencilIcon, RepeatIcon, Trash2Icon } from 'lucide-react';
import type { ExpenseSummary } from '#shared/api/expenses.ts';
import type { GroupDetail } from '#shared/api/groups.ts';
import type { RecurringSeries } from '#shared/api/recurring.ts';
import { convertOre } from '#shared/domain/currency.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { DeleteExpenseDialog } from './delete-expense-dialog.tsx';
import { EditExpenseDialog, preloadEditExpenseForm } from './edit-expense-dialog.tsx';
import { categoryLabel, merchantLabel, paidByText, participantsText } from './labels.ts';

const texts = sv.expenses.list;

/** One expense in the list; its menu exists only where mayEditOrDeleteExpense allows (decisions 019 and 057). */
export function ExpenseItem({
  expense,
  group,
  series,
}: {
  expense: ExpenseSummary;
  group: GroupDetail;
  /** The recurring expense that made it, if any (decision 061). */
  series?: RecurringSeries | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const merchant = merchantLabel(expense);
  const foreign = expense.currency !== group.currency;
  // Saved at 1 before a rate was required (decision 035): flagged for everyone, and its payer is asked to set a rate.
  const missingRate = foreign && expense.rateSource === 'fallback';
  return (
    <li className="flex items-start gap-3 rounded-lg border bg-card p-3 sm:p-4" data-testid="expense-item">
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-medium break-words">{merchant}</h3>
          <Badge variant="secondary">{categoryLabel(expense.category)}</Badge>
        </div>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground sm:gap-x-2">
          <span>{formatDate(expense.expenseDate)}</span>
          <span aria-hidden className="hidden sm:inline">
            ·
          </span>
          <span>{paidByText(expense)}</span>
          <span aria-hidden className="hidden sm:inline">
            ·
          </span>
          <span>{participantsText(expense.participantCount)}</span>
        </p>
        {series?.status === 'active' ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <RepeatIcon aria-hidden className="size-3.5 shrink-0" />
            <span>
              {sv.recurring.repeats[series.frequency]}
              {series.nextDate ? ` · ${fill(sv.recurring.next, { date: formatDate(series.nextDate) })}` : null}
            </span>
          </p>
        ) : null}
        {missingRate ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge variant="negative">{texts.missingRate}</Badge>
            {expense.canEdit ? (
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setEditing(true)}>
                {texts.setRate}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="grid justify-items-end gap-0.5 text-right">
        <span className="font-semibold tabular-nums">{formatMoney(expense.totalOre, expense.currency)}</span>
        {foreign && !missingRate ? (
          <span className="text-xs text-muted-foreground tabular-nums">
            {fill(texts.converted, {
              amount: formatMoney(convertOre(expense.totalOre, expense.rateMicros), group.currency),
            })}
          </span>
        ) : null}
      </div>
      {expense.canEdit ? (
        <>
          <DropdownMenu onOpenChange={(open) => void (open && preloadEditExpenseForm())}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={fill(texts.menu, { merchant })}>
                <MoreHorizontalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                <PencilIcon aria-hidden />
                {texts.edit}
              </DropdownMenuItem>
              <DropdownMenuItem destructive onSelect={() => setDeleting(true)}>
                <Trash2Icon aria-hidden />
                {texts.delete}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          {editing ? (
            <EditExpenseDialog expenseId={expense.id} group={group} open={editing} onOpenChange={setEditing} />
          ) : null}
          <DeleteExpenseDialog expenseId={expense.id} groupId={group.id} open={deleting} onOpenChange={setDeleting} />
        </>
      ) : null}
    </li>
  );
}
