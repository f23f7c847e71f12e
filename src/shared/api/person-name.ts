import { PERSON_NAME_MAX } from './account-limits.ts';
import { nameText } from './text.ts';

export { PERSON_NAME_MAX };

/**
 * The one rule for a name, wherever it is written (sign-up, profile, better-auth's update-user): the shared text rule
 * of a name (decision 037: trimmed, NFC, something visible, no control characters), at most 100 characters.
 */
export const personName = nameText('nameRequired', PERSON_NAME_MAX, 'max100');
