/** Texts of the wizard's two helpers: reading a receipt photo (step 1) and suggesting who took part (step 2). */
export const assist = {
  scan: {
    takePhoto: 'Ta foto',
    reading: 'Läser kvittot…',
    title: 'Från kvittot',
    lead: 'Kontrollera uppgifterna innan du använder dem.',
    apply: 'Använd uppgifterna',
    replaces: 'Det du redan har skrivit i fälten ovan ersätts.',
    applied: 'Uppgifterna från kvittot är ifyllda.',
    typed: 'Ifyllt nu: {value}',
    notRead: 'Kunde inte läsas',
    currencyUnsupported: 'Kvitt hanterar SEK, EUR och USD. Välj valuta själv.',
    items: { one: '{count} rad på kvittot', other: '{count} rader på kvittot' },
    retry: 'Försök igen',
    scanned: 'Kvitto skannat!',
    failed: 'Kunde inte skanna kvitto',
  },
  suggest: {
    button: 'AI-förslag',
    busy: 'Hämtar förslag…',
    hint: 'Väljer de som brukar vara med på liknande utgifter i gruppen.',
    needsMerchant: 'Fyll i butik och kategori i steg 1 för att få ett AI-förslag.',
    applied: 'AI-förslag tillämpat!',
    failed: 'Kunde inte få AI-förslag',
  },
} as const;
