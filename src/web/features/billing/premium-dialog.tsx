import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FREE_PRICE_ORE, PREMIUM_PRICE_ORE, type BillingInterval } from '#shared/domain/plans.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { ToggleGroup, ToggleGroupItem } from '../../components/ui/toggle-group.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { createCheckout, planQuery } from './billing-api.ts';
import { PlanCard } from './plan-card.tsx';

const texts = sv.billing;

/** Opens Stripe's page in a new tab; a blocked pop-up leaves a link to click instead. */
function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
}

/** Creates the checkout and opens it; the messages for a missing session and for any failure. */
function useCheckout(signedIn: boolean) {
  const [opening, setOpening] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const upgrade = async (interval: BillingInterval) => {
    if (!signedIn) return toast.error(texts.loginRequired);
    setOpening(true);
    try {
      const url = await createCheckout(interval);
      if (openInNewTab(url)) toast.success(texts.openedInNewTab);
      else setBlockedUrl(url);
    } catch (error) {
      const loggedOut = error instanceof ApiError && error.status === 401;
      const known = error instanceof ApiError && error.code === 'ALREADY_PREMIUM';
      toast.error(loggedOut ? texts.loginRequired : known ? sv.errors.ALREADY_PREMIUM : texts.checkoutFailed);
    } finally {
      setOpening(false);
    }
  };
  return { upgrade, opening, blockedUrl };
}

/** The sidebar's Premium dialog: monthly or yearly, Gratis and Premium side by side, checkout in a new tab. */
export function PremiumDialog({ onClose }: { onClose: () => void }) {
  const signedIn = Boolean(useSession().session);
  const plan = useQuery({ ...planQuery, enabled: signedIn }).data ?? 'plus';
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const { upgrade, opening, blockedUrl } = useCheckout(signedIn);
  const period = interval === 'month' ? texts.perMonth : texts.perYear;

  const current = (
    <Button variant="outline" disabled className="w-full">
      {texts.currentPlan}
    </Button>
  );
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="md:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <ToggleGroup
          type="single"
          value={interval}
          onValueChange={(value) => value && setBillingInterval(value as BillingInterval)}
          aria-label={texts.interval}
          className="mx-auto w-fit"
        >
          <ToggleGroupItem value="month">{texts.monthly}</ToggleGroupItem>
          <ToggleGroupItem value="year">{texts.yearly}</ToggleGroupItem>
        </ToggleGroup>
        <div className="grid gap-4 sm:grid-cols-2">
          <PlanCard
            {...texts.plans.plus}
            price={formatMoney(FREE_PRICE_ORE)}
            period={period}
            action={
              plan === 'plus' ? (
                current
              ) : (
                <Button variant="outline" disabled className="w-full">
                  {texts.plans.plus.name}
                </Button>
              )
            }
          />
          <PlanCard
            {...texts.plans.pro}
            price={formatMoney(PREMIUM_PRICE_ORE[interval])}
            period={period}
            highlighted
            action={
              plan === 'pro' ? (
                current
              ) : (
                <Button className="w-full" disabled={opening} onClick={() => void upgrade(interval)}>
                  {opening ? texts.opening : texts.upgrade}
                </Button>
              )
            }
          />
        </div>
        {blockedUrl ? (
          <p role="status" className="text-sm">
            {texts.popupBlocked}{' '}
            <a
              href={blockedUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium underline underline-offset-4"
            >
              {texts.openCheckout}
            </a>
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
