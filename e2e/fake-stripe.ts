// Started by playwright.config.ts: a local server speaking the part of Stripe's API Kvitt uses, whose checkout
// pages are served locally too, so browser tests can buy Premium without the internet.
import { startFakeStripe } from '../src/server/testing/stripe-server.ts';

const port = Number(process.argv[2] ?? 13210);
const stripe = await startFakeStripe({ port });
console.log(`fake Stripe on ${stripe.url}`);
