import { z } from 'zod';

/** A person's name: at most 100 characters, as the profile's input allows. */
export const PERSON_NAME_MAX = 100;

// Control characters (NUL among them, which PostgreSQL refuses) and lone surrogates (text that is not Unicode).
const CONTROL_OR_BROKEN = /[\p{Cc}\p{Cs}]/u;
// Nothing a reader would see: spaces and invisible format characters such as zero-width spaces and joiners.
const INVISIBLE_ONLY = /^[\s\p{Z}\p{Cf}]*$/u;

/**
 * The one rule for a name, wherever it is written (sign-up, profile, better-auth's update-user): trimmed, 1–100
 * characters, something visible, and no control characters. Messages are keys of sv.validation.
 */
export const personName = z
  .string()
  .trim()
  .min(1, 'nameRequired')
  .max(PERSON_NAME_MAX, 'max100')
  .refine((name) => !INVISIBLE_ONLY.test(name), 'nameRequired')
  .refine((name) => !CONTROL_OR_BROKEN.test(name), 'nameInvalid');
