/** The Premium dialog of the sidebar: the plans, the monthly or yearly toggle, prices and messages. */
export const billing = {
  title: 'Uppgradera till Premium',
  description: 'Välj den plan som passar er grupp. Du kan säga upp Premium när du vill.',
  interval: 'Betalningsperiod',
  monthly: 'Månadsvis',
  yearly: 'Årsvis',
  perMonth: '/mån',
  perYear: '/år',
  plans: {
    plus: {
      name: 'Gratis',
      text: 'För små grupper',
      features: ['Upp till 5 gruppmedlemmar', 'Grundläggande funktioner', 'Community-support', '1 GB lagring'],
    },
    pro: {
      name: 'Premium',
      text: 'För stora grupper och flitiga användare',
      features: ['Obegränsat antal medlemmar', 'Avancerade funktioner', 'Prioriterad support', 'Obegränsad lagring'],
    },
  },
  currentPlan: 'Nuvarande plan',
  upgrade: 'Uppgradera',
  opening: 'Öppnar betalning...',
  openedInNewTab: 'Betalningen öppnades i en ny flik.',
  popupBlocked: 'Webbläsaren blockerade den nya fliken.',
  openCheckout: 'Öppna betalningen',
  loginRequired: 'Du måste vara inloggad för att uppgradera',
  checkoutFailed: 'Kunde inte skapa betalning. Försök igen.',
  unavailable: 'Betalning är inte tillgänglig just nu.',
  premiumActive: 'Du har Premium',
  thanks: 'Tack! Premium aktiveras så snart betalningen är klar.',
} as const;
