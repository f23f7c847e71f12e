import type { ErrorCode } from '../../errors.ts';

/** The Swedish text for every error code on the wire. */
export const errors = {
  VALIDATION: 'Kontrollera uppgifterna och försök igen.',
  UNAUTHENTICATED: 'Du måste vara inloggad',
  FORBIDDEN: 'Du har inte behörighet att göra det här.',
  INVALID_ORIGIN: 'Begäran kom från en okänd webbplats och stoppades.',
  NOT_FOUND: 'Det du letar efter finns inte.',
  CONFLICT: 'Någon annan hann ändra samtidigt. Ladda om och försök igen.',
  PAYLOAD_TOO_LARGE: 'Filen är för stor.',
  UNSUPPORTED_MEDIA_TYPE: 'Uppgifterna skickades i ett format som inte stöds.',
  RATE_LIMITED: 'För många försök. Vänta några minuter.',
  INTERNAL: 'Något gick fel hos oss. Försök igen om en stund.',
  SERVICE_UNAVAILABLE: 'Tjänsten är inte tillgänglig just nu. Försök igen om en stund.',
  STORAGE_UNAVAILABLE: 'Bildlagringen går inte att nå just nu. Försök igen om en stund.',
  INVALID_CREDENTIALS: 'Fel e-postadress eller lösenord',
  EMAIL_TAKEN: 'Det finns redan ett konto med den e-postadressen',
  INVALID_EMAIL: 'Ange en giltig e-postadress',
  PASSWORD_TOO_SHORT: 'Lösenordet måste vara minst 6 tecken',
  PASSWORD_TOO_LONG: 'Lösenordet får vara högst 128 tecken',
  INVALID_RESET_TOKEN: 'Länken för att återställa lösenordet är ogiltig, redan använd eller har gått ut. Begär en ny.',
  NOT_SIGNED_IN: 'Inte inloggad',
  INVALID_INVITE: 'Inbjudan är ogiltig eller har gått ut',
  INVITE_EXPIRED: 'Inbjudan har gått ut',
  MAX_USES_REACHED: 'Inbjudan har använts maximalt antal gånger',
  INVITES_DISABLED: 'Inbjudningar är avstängda för denna grupp',
  INVALID_CODE: 'Ogiltig gruppkod',
  GROUP_FULL:
    'Gruppen är full: Gratis-planen rymmer högst 5 medlemmar. Med Premium kan gruppen ha obegränsat antal medlemmar.',
  GROUP_LIMIT_REACHED:
    'Du är med i 500 grupper, vilket är det högsta antalet. Ta bort en grupp du äger eller be en ägare ta bort dig innan du skapar eller går med i en ny.',
  CANNOT_REMOVE_OWNER: 'Gruppens ägare kan inte tas bort ur gruppen',
  PERSON_NAME_TAKEN: 'Det finns redan någon i gruppen som heter så. Skriv till exempel efternamnet också.',
  PERSON_HAS_HISTORY:
    'Personen finns med i utgifter eller betalningar och kan inte tas bort. Hen kan gå med senare och ta över sin plats.',
  PERSON_ALREADY_CLAIMED: 'Någon har redan gått med som den personen. Välj en annan, eller gå med som ny medlem.',
  FORMER_MEMBER_CANNOT_CLAIM:
    'Du har varit med i gruppen förut och får tillbaka din gamla plats. Välj att gå med som ny medlem.',
  INVALID_IMAGE: 'Bilden kunde inte läsas. Välj en bild i JPEG-, PNG- eller WebP-format.',
  SPLIT_MISMATCH: 'Delningen matchar inte totalsumman',
  PAYERS_MISMATCH: 'Betalarnas belopp blir inte lika mycket som utgiften. Fördela hela beloppet mellan betalarna.',
  NO_PARTICIPANTS: 'Välj minst en deltagare',
  NO_ITEMS: 'Lägg till minst en rad att dela',
  ITEM_UNASSIGNED: 'Varje rad behöver minst en person. Tryck på ett namn på raderna som saknar någon.',
  INVALID_SHARE: 'Kontrollera fördelningen: varje värde måste vara 0 eller större, och minst en andel större än 0.',
  GROUP_SETTLED: 'Gruppen är uppgjord. Öppna gruppen igen för att ändra utgifter eller betalningar.',
  NOT_PAYER: 'Bara den som betalade kan ändra eller ta bort utgiften.',
  EXCHANGE_RATE_MISSING: 'Ingen växelkurs kunde hämtas för valutan och datumet. Ange kursen för hand.',
  EXPENSE_LIMIT_REACHED:
    'Gruppen har 100\u00a0000 kvitton, vilket är det högsta antalet. Skapa en ny grupp för fler utgifter.',
  CHECKOUT_FAILED: 'Kunde inte skapa betalning. Försök igen.',
  ALREADY_PREMIUM: 'Du har redan Premium.',
  INVALID_SIGNATURE: 'Meddelandets signatur stämmer inte.',
  NOT_TRANSFER_PAYER: 'Bara den som ska betala kan markera överföringen som betald.',
  TRANSFER_NOT_PROPOSED: 'Överföringen finns inte längre i uppgörelsen. Ladda om och försök igen.',
  BALANCES_NOT_ZERO: 'Gruppen kan markeras som klar först när alla saldon är noll.',
  NOTHING_TO_SETTLE: 'Det finns inga utgifter att göra upp ännu.',
  NOT_TRANSFER_RECIPIENT: 'Bara den som ska få pengarna kan påminna om betalningen.',
  REMINDER_ALREADY_SENT: 'Du har redan påmint om den här betalningen det senaste dygnet. Försök igen senare.',
  NOT_PAYMENT_PARTY:
    'Bara den som betalade, den som fick pengarna eller gruppens ägare kan registrera eller ta bort en betalning.',
  PAYMENT_LIMIT_REACHED:
    'Gruppen har 100\u00a0000 betalningar, vilket är det högsta antalet. Skapa en ny grupp för fler betalningar.',
  RECEIPT_UNREADABLE: 'Kunde inte läsa kvittot. Ta en ny bild rakt ovanifrån, i bra ljus och med hela kvittot i bild.',
  IMAGE_TOO_SMALL: 'Bilden är för liten för att gå att läsa. Ta en ny bild närmare kvittot.',
  OCR_BUSY: 'Många kvitton skannas just nu. Försök igen om en liten stund.',
  OCR_UNAVAILABLE: 'Kunde inte skanna kvitto',
  OCR_TIMEOUT: 'Det tog för lång tid att läsa kvittot. Försök igen, eller fyll i uppgifterna själv.',
  IMPORT_UNKNOWN_FORMAT:
    'Filen är ingen export från Splitwise, Tricount eller Spliit. Välj den CSV- eller JSON-fil som appen gav dig.',
  IMPORT_BROKEN_FILE: 'Filen går inte att läsa. Den verkar trasig eller ändrad. Exportera gruppen igen och välj den nya filen.',
  IMPORT_AMOUNTS_MISMATCH: 'Beloppen i filen går inte ihop, så saldona skulle bli fel. Exportera gruppen igen.',
  IMPORT_UNKNOWN_CURRENCY: 'Filen har en valuta som Kvitt inte har. En grupp i Kvitt har SEK, EUR eller USD.',
  IMPORT_SEVERAL_CURRENCIES:
    'Filen har utgifter i flera valutor. En grupp i Kvitt har en valuta, så gruppen går inte att importera.',
  IMPORT_PAYER_UNKNOWN:
    'Det framgår inte av filen vem som betalade en av utgifterna. Från Spliit: välj JSON-exporten, där finns betalaren med.',
  IMPORT_TOO_LARGE:
    'Gruppen är för stor för Kvitt: högst 100\u00a0000 utgifter, 500 personer och 1\u00a0000\u00a0000 per utgift.',
  IMPORT_EMPTY: 'Filen innehåller inga utgifter att importera.',
} as const satisfies Record<ErrorCode, string>;
