/** Account settings (/app/settings): profile, password, data export and account deletion. */
export const account = {
  title: 'Kontoinställningar',
  back: 'Tillbaka',
  profile: {
    title: 'Personuppgifter',
    description:
      'Namnet syns för dem du delar grupp med och mobilnumret för dem som ska betala dig. Bara namnet krävs.',
    name: 'Namn',
    phone: 'Mobilnummer',
    phoneHint:
      'Visas för dem som ska betala dig, så att de kan Swisha. Ange ett svenskt mobilnummer, t.ex. 070-123 45 67.',
    address: 'Adress',
    postalCode: 'Postnummer',
    city: 'Stad',
    country: 'Land',
    save: 'Spara ändringar',
    saving: 'Sparar…',
    saved: 'Profil uppdaterad!',
    saveFailed: 'Kunde inte uppdatera profil',
    loadFailed: 'Kunde inte ladda profilen',
  },
  password: {
    title: 'Byt lösenord',
    description: 'När du byter lösenord loggas du ut överallt utom här.',
    current: 'Nuvarande lösenord',
    new: 'Nytt lösenord',
    repeat: 'Upprepa nytt lösenord',
    save: 'Byt lösenord',
    saving: 'Byter…',
    saved: 'Lösenord uppdaterat!',
    failed: 'Kunde inte byta lösenord',
  },
  privacy: {
    title: 'Integritet & Data',
    description: 'Du bestämmer över dina uppgifter.',
    policyLink: 'Läs vår integritetspolicy',
    exportTitle: 'Exportera din data',
    exportText:
      'Ladda ner allt Kvitt har sparat om dig som en JSON-fil. Det är din rätt enligt GDPR (dataportabilitet).',
    export: 'Exportera',
    exporting: 'Exporterar…',
    exported: 'Din data har exporterats!',
    exportFailed: 'Kunde inte exportera data',
    deleteTitle: 'Radera konto',
    deleteText: 'Radera ditt konto och dina uppgifter permanent.',
    delete: 'Radera konto',
  },
  deleteDialog: {
    title: 'Är du helt säker?',
    intro: 'Detta raderas permanent:',
    items: [
      'Din profil och dina kontouppgifter',
      'Alla grupper du äger, med alla deras kvitton och uppgörelser',
      'Alla kvitton du har laddat upp, med bilder och anteckningar',
      'Allt ditt deltagande i grupper',
    ],
    othersNote:
      'I grupper som någon annan äger finns belopp du har betalat eller delat kvar under namnet ”Tidigare medlem”, så att de andras saldon fortfarande stämmer.',
    irreversible: 'Detta går inte att ångra.',
    cancel: 'Avbryt',
    confirm: 'Ja, radera mitt konto',
    deleting: 'Raderar…',
    failed: 'Kunde inte radera kontot',
  },
  /** What other members see where a deleted account used to be. */
  formerMember: 'Tidigare medlem',
  exportFileName: 'kvitt-data-{date}.json',
} as const;
