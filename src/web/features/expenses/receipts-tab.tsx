import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, ReceiptIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ReceiptSummary } from '#shared/api/expenses.ts';
import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../components/ui/feedback.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { errorText } from '../../lib/api.ts';
import { categoryLabel } from './labels.ts';
import { receiptsQuery } from './queries.ts';
import { ReceiptItem } from './receipt-item.tsx';
import { ReceiptListSkeleton } from './tab-skeletons.tsx';

const texts = sv.expenses.receipts;
/** The filter's "every category" value (a select item may not have an empty value, SPEC §5). */
const ALL = 'alla';

/** The distinct categories in use, by their Swedish label, for the filter. */
export function categoriesInUse(receipts: readonly ReceiptSummary[]): string[] {
  return [...new Set(receipts.map((receipt) => receipt.category))].sort((a, b) =>
    categoryLabel(a).localeCompare(categoryLabel(b), 'sv'),
  );
}

/** The Kvitton tab (SPEC §2): a large add button, a category filter and the receipts, newest first. */
export function ReceiptsTab({ group }: { group: GroupDetail }) {
  const receipts = useQuery(receiptsQuery(group.id));
  const [category, setCategory] = useState(ALL);
  const filterId = useId();
  const all = receipts.data ?? [];
  const shown = category === ALL ? all : all.filter((receipt) => receipt.category === category);

  return (
    <section className="grid gap-4" aria-label={texts.tab}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Button size="lg" asChild className="w-full sm:w-auto">
          <Link to={`/app/group/${group.id}/expense/new`}>
            <PlusIcon aria-hidden />
            {texts.addLarge}
          </Link>
        </Button>
        {all.length > 0 ? (
          <div className="grid gap-1.5">
            <label htmlFor={filterId} className="text-sm font-medium">
              {texts.filterLabel}
            </label>
            <Select value={category} onValueChange={setCategory}>
              <SelectTrigger id={filterId} className="w-full sm:w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{texts.filterAll}</SelectItem>
                {categoriesInUse(all).map((value) => (
                  <SelectItem key={value} value={value}>
                    {categoryLabel(value)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </div>
      {receipts.isPending ? (
        <ReceiptListSkeleton />
      ) : receipts.isError ? (
        <Alert variant="error" title={texts.loadFailed}>
          {errorText(receipts.error)}
        </Alert>
      ) : all.length === 0 ? (
        <EmptyState icon={<ReceiptIcon />} title={texts.empty} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<ReceiptIcon />} title={texts.emptyCategory} />
      ) : (
        <ul className="grid gap-2" aria-label={texts.listLabel}>
          {shown.map((receipt) => (
            <ReceiptItem key={receipt.id} receipt={receipt} group={group} />
          ))}
        </ul>
      )}
    </section>
  );
}
