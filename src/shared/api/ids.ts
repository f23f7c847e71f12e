import { rawText } from './text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid uuid of any version: every id Kvitt makes (database or randomUUID) is one. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A path parameter naming a row by id. Anything else names nothing, and the server's router answers it NOT_FOUND
 * before the database would refuse the cast; a control character in it is VALIDATION like in any text.
 */
export const idParam = () => rawText().regex(UUID);
