/** The first-use tour on the group page, in 3 steps. */
export const onboarding = {
  label: 'Introduktionsguide',
  step: 'Steg {n} av {total}',
  skip: 'Hoppa över',
  next: 'Nästa',
  done: 'Klart',
  close: 'Stäng guiden',
  showAgain: 'Visa guiden igen',
  steps: {
    invite: {
      title: 'Bjud in deltagare',
      text: 'Dela en länk, en kod eller en QR-kod så att de andra kan gå med i gruppen.',
      /** For a member who is not the owner: only the owner has the invite button (decision 012). */
      textMember:
        'Det är gruppens ägare som bjuder in. Be ägaren dela en länk, en kod eller en QR-kod med den som ska vara med.',
    },
    addExpense: {
      title: 'Lägg till första utgiften',
      text: 'Fota kvittot eller skriv in beloppet, och välj vilka som var med och hur det ska delas.',
    },
    settle: {
      title: 'Jämna ut med ett klick',
      text: 'När ni är klara räknar Kvitt ut vem som ska betala vem, med förslag på Swish-betalningar så att ni blir kvitt med så få betalningar som möjligt.',
    },
  },
} as const;
