// Without zod, so the settings page can size its inputs without putting the schema library on its first load.

/** A person's name: at most 100 characters, as the profile's input allows. */
export const PERSON_NAME_MAX = 100;

/** The profile's maximum lengths, also set as maxLength on the inputs. */
export const PROFILE_MAX = {
  name: PERSON_NAME_MAX,
  phone: 20,
  address: 200,
  postalCode: 10,
  city: 100,
  country: 100,
} as const;
