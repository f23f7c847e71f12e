/**
 * Messages of client and server validation. Schemas in src/shared/api carry these keys as their zod messages,
 * so the wire carries keys, never prose, and the web shows the text.
 */
export const validation = {
  required: 'Fältet är obligatoriskt',
  invalid: 'Ogiltigt värde',
  textInvalid: 'Texten innehåller tecken som inte kan sparas',
  emailRequired: 'Ange din e-postadress',
  emailInvalid: 'Ange en giltig e-postadress',
  passwordTooShort: 'Lösenordet måste vara minst 6 tecken',
  passwordTooLong: 'Lösenordet får vara högst 128 tecken',
  passwordsDontMatch: 'Lösenorden matchar inte',
  nameRequired: 'Namn krävs',
  currentPasswordWrong: 'Det nuvarande lösenordet stämmer inte',
  max10: 'Max 10 tecken',
  max20: 'Max 20 tecken',
  max100: 'Max 100 tecken',
  max200: 'Max 200 tecken',
  max2000: 'Max 2000 tecken',
  groupNameRequired: 'Ange ett namn på gruppen',
  codeRequired: 'Ange en gruppkod',
  amountInvalid: 'Ange ett giltigt belopp',
  amountTooLarge: 'Beloppet får vara högst 1\u00a0000\u00a0000',
  convertedOutOfRange: 'Omräknat till gruppens valuta måste beloppet vara mellan 0,01 och 1\u00a0000\u00a0000',
  payerRequired: 'Välj vem som betalade',
  participantsRequired: 'Välj minst en deltagare',
  participantsTooMany: 'Högst 500 deltagare per utgift',
  splitMismatch: 'Delningen matchar inte totalsumman',
  payersMismatch: 'Betalarnas belopp ska tillsammans bli hela beloppet',
  dateInvalid: 'Ange ett giltigt datum',
  currencyInvalid: 'Välj SEK, EUR eller USD',
  categoryRequired: 'Ange en kategori',
  max50: 'Max 50 tecken',
  rateInvalid: 'Ange en giltig växelkurs, till exempel 11,45',
  rateRequired: 'Ange växelkursen, till exempel 11,45',
  rateAmbiguous: 'Kursen kan läsas på två sätt. Skriv 1,2340 för decimaler eller 1\u00a0234 för tusental',
  rateTooManyDecimals: 'Högst sex decimaler',
  rateCurrencyMismatch: 'Kursen ska anges i gruppens valuta',
  numberUnreadable: 'Talet går inte att läsa. Skriv till exempel 1\u00a0234,50',
  numberAmbiguous:
    'Talet kan läsas på två sätt. Skriv tusental med mellanslag, till exempel 1\u00a0234 eller 1\u00a0234,50',
  numberTooManyDecimals: 'Högst två decimaler, till exempel 12,50',
  amountCurrencyMismatch: 'Beloppet är skrivet i en annan valuta än den som är vald',
  rateOutOfRange: 'Växelkursen måste vara mellan 0,001 och 1\u00a0000',
  shareInvalid: 'Ange ett tal som är 0 eller större',
  importFileRequired: 'Välj en fil att importera',
  importMeRequired: 'Välj vem du är',
} as const;

export type ValidationKey = keyof typeof validation;

export const isValidationKey = (value: string): value is ValidationKey => Object.hasOwn(validation, value);
