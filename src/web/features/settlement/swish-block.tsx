import { useEffect, useState, useSyncExternalStore } from 'react';
import { SmartphoneIcon } from 'lucide-react';
import { swishPayment } from '#shared/domain/swish.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';

const texts = sv.settlement;
const PHONE_QUERY = '(pointer: coarse)';

/** True on a touch-first device, where the Swish app can be opened directly; desktops scan the QR code instead. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const media = window.matchMedia(PHONE_QUERY);
      media.addEventListener('change', notify);
      return () => media.removeEventListener('change', notify);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
  );
}

/** The QR code as an SVG data URL, drawn in the browser: the payment never passes a third-party service. */
function useQrDataUrl(text: string): string | null {
  const [url, setUrl] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(async (qrcode) => {
      const svg = await qrcode.toString(text, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
        color: { dark: '#000000', light: '#ffffff' },
      });
      if (current) setUrl({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return url?.text === text ? url.url : null;
}

interface Props {
  phone: string;
  name: string;
  amountOre: number;
  currency: string;
  groupName: string;
}

/**
 * Swish for one transfer with payee, amount and message filled in: on a phone a large button into the app, elsewhere
 * a QR code to scan with the phone.
 */
export function SwishBlock({ phone, name, amountOre, currency, groupName }: Props) {
  const amount = formatMoney(amountOre, currency);
  const payment = swishPayment({ phone, amountOre, currency, message: fill(texts.swishMessage, { group: groupName }) });
  if (!payment.ok) {
    const text = payment.code === 'NOT_SEK' ? fill(texts.swishNotSek, { amount }) : texts.swishNoNumber;
    return <p className="text-sm text-muted-foreground">{text}</p>;
  }
  return <SwishCode qr={payment.value.qr} appLink={payment.value.appLink} name={name} amount={amount} />;
}

function SwishCode({ qr, appLink, name, amount }: { qr: string; appLink: string; name: string; amount: string }) {
  const phone = useIsPhone();
  // On the phone that pays, the app opens with everything filled in; a QR code would need a second phone.
  if (phone) {
    return (
      <div className="grid gap-2 text-sm">
        <p className="font-medium">{fill(texts.swishHeading, { amount, name })}</p>
        <Button asChild size="lg" className="w-full">
          <a href={appLink} data-testid="swish-app-link">
            <SmartphoneIcon aria-hidden />
            {texts.openSwish}
          </a>
        </Button>
      </div>
    );
  }
  return <SwishQr qr={qr} name={name} amount={amount} />;
}

function SwishQr({ qr, name, amount }: { qr: string; name: string; amount: string }) {
  const src = useQrDataUrl(qr);
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      {src ? (
        <img
          src={src}
          width={168}
          height={168}
          alt={fill(texts.swishQrAlt, { name, amount })}
          className="rounded-md border bg-white"
          data-testid="swish-qr"
        />
      ) : (
        <Skeleton className="size-[168px]" />
      )}
      <div className="grid gap-2 text-sm">
        <p className="font-medium">{fill(texts.swishHeading, { amount, name })}</p>
        <p className="text-muted-foreground">{texts.swishScan}</p>
      </div>
    </div>
  );
}
