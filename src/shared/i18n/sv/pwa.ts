/** The installed app: its manifest, updates, reading without a connection and photos shared into Kvitt. */
export const pwa = {
  manifest: {
    name: 'Kvitt – dela kostnader i grupp',
    shortName: 'Kvitt',
    description: 'Fota kvittot, dela kostnaden i gruppen och gör upp med så få Swish-betalningar som möjligt.',
  },
  update: {
    title: 'Ny version finns',
    text: 'Läs in sidan igen för att använda den nya versionen.',
    reload: 'Läs in igen',
  },
  offline: {
    title: 'Du är offline',
    text: 'Du ser det som sparades senast du var ansluten. Nya utgifter sparas på enheten och skickas när anslutningen är tillbaka; andra ändringar kräver anslutning.',
    unavailableTitle: 'Sidan finns inte sparad',
    unavailableText: 'Den här sidan har inte öppnats med anslutning på den här enheten. Anslut och försök igen.',
  },
  outbox: {
    pending: 'Väntar på anslutning',
    queued: 'Utgiften är sparad på enheten och skickas när anslutningen är tillbaka.',
    listLabel: 'Utgifter som inte har skickats',
    notSent: 'Skickades inte',
    settled:
      'Gruppen har gjorts upp medan du var offline, så utgiften kunde inte läggas till. Den finns kvar här tills du bestämmer dig.',
    removed:
      'Du är inte längre med i gruppen, så utgiften kunde inte läggas till. Den finns kvar här tills du bestämmer dig.',
    retry: 'Försök igen',
    discard: 'Ta bort',
    sent: 'Utgiften som väntade har skickats.',
    withImage: 'Med kvittobild',
  },
  share: {
    lead: 'Välj vilken grupp kvittot hör till. Bilden läggs till och läses av.',
    missing: 'Bilden du delade finns inte längre. Välj den igen i formuläret.',
  },
} as const;
