import { Suspense, useEffect, useState } from 'react';
import { SparklesIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '../../components/ui/sidebar-menu.tsx';
import { preloadable } from '../../lib/preloadable.tsx';
import { toast } from '../../lib/toast.ts';

// The dialog (plans, prices, checkout) is fetched when someone reaches for its button: the /app first load is close to
// its budget.
const premiumDialog = preloadable(() => import('./premium-dialog.tsx').then((m) => m.PremiumDialog));
const PremiumDialog = premiumDialog.Component;

/** Where Stripe sends the buyer back (decision 028); the plan itself changes only through the signed webhook. */
export const RETURN_PARAM = 'premium';

/** "Uppgradera till Premium" in the sidebar footer, and the thank-you when Stripe sends the buyer back. */
export function PremiumEntry() {
  const [open, setOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const returned = params.get(RETURN_PARAM) === 'tack';

  useEffect(() => {
    if (!returned) return;
    toast.success(sv.billing.thanks);
    setParams(
      (current) => {
        current.delete(RETURN_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [returned, setParams]);

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton
          tooltip={sv.shell.upgrade}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          {...premiumDialog.intent}
        >
          <SparklesIcon aria-hidden className="text-primary" />
          <span>{sv.shell.upgrade}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
      {open ? (
        <Suspense fallback={null}>
          <PremiumDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </SidebarMenu>
  );
}
