import { z } from 'zod';
import { singleLineText } from './text.ts';

export const EMAIL_MAX = 254;

const email = singleLineText().min(1, 'emailRequired').max(EMAIL_MAX, 'emailInvalid').pipe(z.email('emailInvalid'));

/** POST /api/site/newsletter; the landing page checks the address with the browser's own e-mail check. */
export const newsletterBody = z.object({ email });
/** POST /api/site/collaboration: "Samarbeta med oss" on the landing page. */
export const collaborationBody = z.object({ email });

export const acceptedResponse = z.object({ ok: z.literal(true) });

/** GET /api/site/config: deployment facts the public pages show, read at runtime so one build fits every host. */
export const siteConfigResponse = z.object({
  supportEmail: z.email(),
  /** Whether Premium can be bought on this deployment (Stripe configured). */
  checkoutEnabled: z.boolean(),
});

export type SiteConfig = z.infer<typeof siteConfigResponse>;
