import { useInfiniteQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import type { GroupDetail } from '#shared/api/groups.ts';
import { formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Alert, EmptyState } from '../../components/ui/feedback.tsx';
import { errorText } from '../../lib/api.ts';
import { merchantLabel } from './labels.ts';
import { LoadMoreButton } from './load-more.tsx';
import { receiptPagesQuery } from './queries.ts';
import { AttachmentsSkeleton } from './tab-skeletons.tsx';

const texts = sv.expenses.attachments;

/**
 * The Bilagor tab (SPEC §2): the receipt photos as thumbnails with merchant and amount; each opens the full image in
 * a new window. The URLs are the app's own and answer only members of the group. The server pages only receipts
 * with an image, so every page fills the grid.
 */
export function AttachmentsTab({ group }: { group: GroupDetail }) {
  const receipts = useInfiniteQuery(receiptPagesQuery(group.id, { hasImage: true }));
  if (receipts.isPending) return <AttachmentsSkeleton />;
  if (!receipts.data) {
    return (
      <Alert variant="error" title={texts.loadFailed}>
        {errorText(receipts.error)}
      </Alert>
    );
  }
  const withImages = receipts.data.pages
    .flatMap((page) => page.receipts)
    .filter((receipt) => receipt.imageUrl && receipt.thumbnailUrl);
  if (withImages.length === 0) return <EmptyState icon={<ImageIcon />} title={texts.empty} />;
  return (
    <div className="grid gap-4">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={texts.tab}>
        {withImages.map((receipt) => {
          const merchant = merchantLabel(receipt);
          return (
            <li key={receipt.id}>
              <a
                href={receipt.imageUrl ?? undefined}
                target="_blank"
                rel="noopener"
                className="group grid overflow-hidden rounded-lg border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={fill(texts.open, { merchant })}
              >
                <img
                  src={receipt.thumbnailUrl ?? undefined}
                  alt=""
                  loading="lazy"
                  className="aspect-[3/4] w-full bg-muted object-cover transition-opacity group-hover:opacity-90"
                />
                <span className="grid gap-0.5 p-2 text-sm">
                  <span className="truncate font-medium">{merchant}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {formatMoney(receipt.totalOre, receipt.currency)}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={receipts} label={texts.showMore} busyLabel={texts.loadingMore} />
    </div>
  );
}
