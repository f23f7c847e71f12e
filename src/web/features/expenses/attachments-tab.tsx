import { useInfiniteQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import type { GroupDetail } from '#shared/api/groups.ts';
import { formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Alert, EmptyState } from '../../components/ui/feedback.tsx';
import { isStalled, PageUnavailable } from '../../components/page-unavailable.tsx';
import { errorText } from '../../lib/api.ts';
import { merchantLabel } from './labels.ts';
import { LoadMoreButton } from '../../components/load-more.tsx';
import { expensePagesQuery } from './queries.ts';
import { AttachmentsSkeleton } from './tab-skeletons.tsx';

const texts = sv.expenses.attachments;

/**
 * The Bilagor tab: the receipt photos as thumbnails with merchant and amount; each opens the full image in
 * a new window. The URLs are the app's own and answer only members of the group. The server pages only expenses
 * with an image, so every page fills the grid.
 */
export function AttachmentsTab({ group }: { group: GroupDetail }) {
  const expenses = useInfiniteQuery(expensePagesQuery(group.id, { hasImage: true }));
  if (isStalled(expenses)) return <PageUnavailable onRetry={() => void expenses.refetch()} />;
  if (expenses.isPending) return <AttachmentsSkeleton />;
  if (!expenses.data) {
    return (
      <Alert variant="error" title={texts.loadFailed}>
        {errorText(expenses.error)}
      </Alert>
    );
  }
  const withImages = expenses.data.pages
    .flatMap((page) => page.expenses)
    .filter((expense) => expense.imageUrl && expense.thumbnailUrl);
  if (withImages.length === 0) return <EmptyState icon={<ImageIcon />} title={texts.empty} />;
  return (
    <div className="grid gap-4">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={texts.tab}>
        {withImages.map((expense) => {
          const merchant = merchantLabel(expense);
          return (
            <li key={expense.id}>
              <a
                href={expense.imageUrl ?? undefined}
                target="_blank"
                rel="noopener"
                className="group grid overflow-hidden rounded-lg border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={fill(texts.open, { merchant })}
              >
                <img
                  src={expense.thumbnailUrl ?? undefined}
                  alt=""
                  loading="lazy"
                  className="aspect-[3/4] w-full bg-muted object-cover transition-opacity group-hover:opacity-90"
                />
                <span className="grid gap-0.5 p-2 text-sm">
                  <span className="truncate font-medium">{merchant}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {formatMoney(expense.totalOre, expense.currency)}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={expenses} label={texts.showMore} busyLabel={texts.loadingMore} />
    </div>
  );
}
