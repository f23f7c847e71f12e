/** What every public page shares: header action, back button and the footer with the newsletter. */
export const site = {
  back: 'Tillbaka',
  login: 'Logga in',
  openApp: 'Till mina grupper',
  /** Shown on the start page after account deletion. */
  accountDeleted: 'Ditt konto har raderats',
  footer: {
    newsletterTitle: 'Nyhetsbrev',
    newsletterText: 'Nyheter om Kvitt, högst en gång i månaden.',
    newsletterLabel: 'E-postadress för nyhetsbrevet',
    newsletterPlaceholder: 'din@epost.se',
    subscribe: 'Prenumerera',
    subscribing: 'Skickar...',
    subscribed: 'Subscribed! 🎉',
    subscribeFailed: 'Failed. Try again.',
    links: 'Om Kvitt',
    about: 'Om oss',
    contact: 'Kontakt',
    privacy: 'Integritetspolicy',
    copyright: '© {year} Kvitt',
  },
} as const;
