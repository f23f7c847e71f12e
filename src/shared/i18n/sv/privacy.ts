/**
 * /privacy-policy: its ten sections. Keep it true to what Kvitt stores (decisions 025, 026, 029); change
 * `updated` with every change of substance.
 */
export const privacy = {
  title: 'Integritetspolicy',
  updated: 'Senast uppdaterad 22 november 2026',
  sections: [
    {
      title: '1. Inledning',
      paragraphs: [
        'Den här policyn beskriver vilka personuppgifter Kvitt behandlar, varför och hur länge, och vilka rättigheter du har enligt dataskyddsförordningen (GDPR). Kvitt är personuppgiftsansvarigt för uppgifterna i tjänsten.',
      ],
    },
    {
      title: '2. Uppgifter vi samlar in',
      intro: 'Vi sparar bara det tjänsten behöver:',
      items: [
        'Konto: namn, e-postadress och ditt lösenord, som bara sparas krypterat (hashat).',
        'Profil: om du själv fyller i dem, ditt mobilnummer (valfritt), adress, postnummer, stad och land.',
        'Grupper: namn, beskrivning, bild och vilka som är medlemmar.',
        'Utgifter: belopp, valuta, datum, butik, kategori, anteckning, kvittobild, vem som betalade och hur utgiften delades, samt en logg över ändringar.',
        'Uppgörelser: vilka betalningar som markerats som betalda.',
        'Inloggningar: för varje inloggning IP-adress, webbläsare och när den går ut.',
        'Om du köper Premium: din plan och ett kund-id hos vår betalleverantör Stripe. Kortuppgifter hanteras bara av Stripe.',
        'Om du anmäler dig till nyhetsbrevet eller vill samarbeta med oss: din e-postadress.',
      ],
    },
    {
      title: '3. Hur vi använder uppgifterna',
      items: [
        'För att driva tjänsten: visa grupper och saldon, räkna ut uppgörelser och läsa av kvitton.',
        'Ditt mobilnummer visas för de i dina grupper som ska betala dig, så att de kan Swisha.',
        'För att skicka e-post du har bett om: återställning av lösenord, nyhetsbrev.',
        'För att skydda tjänsten mot missbruk, till exempel genom att begränsa antalet inloggningsförsök.',
      ],
      paragraphs: ['Vi använder inte dina uppgifter för reklam och säljer dem aldrig.'],
    },
    {
      title: '4. Kakor (cookies)',
      paragraphs: [
        'Kvitt använder bara nödvändiga kakor: en kaka som håller dig inloggad och en som minns om sidomenyn är öppen. Ditt val av tema, ditt svar om kakor och var du är i introduktionsguiden sparas lokalt i din webbläsare. Vi använder inga spårnings- eller reklamkakor och inga analysverktyg från tredje part.',
      ],
    },
    {
      title: '5. Delning av uppgifter',
      items: [
        'Med dem du delar grupp med: ditt namn, dina utgifter och andelar, och ditt mobilnummer i uppgörelser.',
        'Med Stripe, om du köper Premium, för att ta betalt.',
        'Med leverantörer som driver tjänsten åt oss (servrar, lagring och e-post), som bara får behandla uppgifterna enligt våra instruktioner.',
      ],
      paragraphs: ['Vi lämnar bara ut uppgifter till myndigheter när lagen kräver det.'],
    },
    {
      title: '6. Dina rättigheter enligt GDPR',
      paragraphs: [
        'Du har rätt att få veta vilka uppgifter vi har om dig, att få dem rättade, att få dem raderade, att få ut dem i ett maskinläsbart format (dataportabilitet), att invända mot och begränsa behandlingen, och att klaga hos Integritetsskyddsmyndigheten (IMY).',
        'Under Inställningar kan du själv ändra dina personuppgifter, exportera all din data som en fil och radera ditt konto.',
      ],
    },
    {
      title: '7. Säkerhet',
      paragraphs: [
        'Dina uppgifter lagras på servrar inom EU. All trafik är krypterad, lösenord sparas aldrig i klartext, kvittobilder är bara åtkomliga för gruppens medlemmar och bara de som behöver det i vårt team har tillgång till systemen.',
      ],
    },
    {
      title: '8. Lagring och radering',
      paragraphs: [
        'Vi sparar dina uppgifter så länge du har ett konto. När du raderar ditt konto tas dina uppgifter bort direkt ur tjänsten, och senast inom 30 dagar även ur våra säkerhetskopior.',
        'I grupper som någon annan äger finns belopp du har betalat eller delat kvar, utan ditt namn och märkta ”Tidigare medlem”, så att de andras saldon fortfarande stämmer.',
      ],
    },
    {
      title: '9. Ändringar i policyn',
      paragraphs: [
        'Vi uppdaterar policyn när tjänsten ändras. Datumet överst visar den senaste ändringen. Vid större ändringar meddelar vi dig i appen eller via e-post innan de börjar gälla.',
      ],
    },
    {
      title: '10. Kontakt',
      paragraphs: [
        'Har du frågor om hur vi behandlar dina personuppgifter, eller vill du använda dina rättigheter? Skriv till oss på {email}.',
      ],
    },
  ],
} as const;
