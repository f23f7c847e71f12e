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
  RATE_LIMITED: 'För många försök. Vänta några minuter.',
  INTERNAL: 'Något gick fel hos oss. Försök igen om en stund.',
  SERVICE_UNAVAILABLE: 'Tjänsten är inte tillgänglig just nu. Försök igen om en stund.',
  INVALID_CREDENTIALS: 'Fel e-postadress eller lösenord',
  EMAIL_TAKEN: 'Det finns redan ett konto med den e-postadressen',
  INVALID_EMAIL: 'Ange en giltig e-postadress',
  PASSWORD_TOO_SHORT: 'Lösenordet måste vara minst 6 tecken',
  PASSWORD_TOO_LONG: 'Lösenordet får vara högst 128 tecken',
  INVALID_RESET_TOKEN: 'Länken för att återställa lösenordet är ogiltig, redan använd eller har gått ut. Begär en ny.',
} as const satisfies Record<ErrorCode, string>;
