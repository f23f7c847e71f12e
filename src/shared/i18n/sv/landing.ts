/** The landing page (/): hero, feature cards and the collaboration request. */
export const landing = {
  eyebrow: 'För resan, hushållet och middagen',
  title: 'Dela kostnader, inte huvudvärk',
  lead: 'Fota kvittot, välj vilka som var med och låt Kvitt räkna ut vem som ska betala vem – med så få Swish-betalningar som möjligt.',
  start: 'Kom igång gratis',
  featuresTitle: 'Allt ni behöver för att dela lika',
  features: [
    {
      title: 'Fota kvittot',
      text: 'Kvitt läser av belopp, datum, butik och kategori från bilden. Du kontrollerar och sparar.',
    },
    {
      title: 'Dela som ni vill',
      text: 'Lika delar, andelar, exakta belopp eller procent – och det går jämnt ut på öret.',
    },
    {
      title: 'Gör upp med Swish',
      text: 'Ett klick visar vem som ska betala vem, med så få betalningar som möjligt och mobilnummer att Swisha till.',
    },
  ],
  collaborate: {
    title: 'Vill du samarbeta med oss?',
    text: 'Är du en förening, ett reseföretag eller en app som vill jobba med Kvitt? Lämna din e-postadress så hör vi av oss.',
    open: 'Samarbeta med oss',
    email: 'E-post',
    emailPlaceholder: 'namn@foretag.se',
    submit: 'Skicka',
    submitting: 'Skickar...',
    cancel: 'Avbryt',
    success: 'Tack för ditt intresse!',
    successText: 'Vi återkommer till dig så snart som möjligt.',
    failure: 'Ett fel uppstod',
    failureText: 'Försök igen senare.',
  },
} as const;
