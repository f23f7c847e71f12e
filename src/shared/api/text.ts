import { z } from 'zod';
import type { ValidationKey } from '../i18n/sv/validation.ts';

// Every text a client sends goes through one of these (decision 037): the same rule for a group name, a note, a
// query value and a path parameter, checked by the server and by the web form alike.

/** C0 controls, DEL and C1 controls: never typed by a person, and NUL cannot be stored by PostgreSQL at all. */
const CONTROL = /\p{Cc}/u;
/** The same without tab, line feed and carriage return, which a multi-line note may hold. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
/** Half of a surrogate pair on its own: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Characters that draw nothing: spaces, zero-width and other format characters, fillers, controls. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]*$/u;

/** True when `value` holds no control character (but line breaks and tabs if `multiline`) and no lone surrogate. */
export const isCleanText = (value: string, multiline = false): boolean =>
  !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value);

/** True when `value` has at least one character that shows: a name of only zero-width characters is blank. */
export const hasVisibleCharacter = (value: string): boolean => !INVISIBLE_ONLY.test(value);

const INVALID: ValidationKey = 'textInvalid';
/** `missingKey` is the message when the value is not a string at all (left out, null, a number). */
const text = (missingKey?: ValidationKey) => z.string(missingKey ? { error: missingKey } : undefined);

/** Text checked as sent, without any change: ids, tokens and cursors, whose every character matters. */
export const rawText = (missingKey?: ValidationKey) => text(missingKey).refine((value) => isCleanText(value), INVALID);

/**
 * One line of text: trimmed (a pasted trailing tab is not part of it), checked, then normalised to NFC, so "é" typed
 * either way is the same text.
 */
export const singleLineText = (missingKey?: ValidationKey) =>
  text(missingKey)
    .trim()
    .refine((value) => isCleanText(value), INVALID)
    .normalize('NFC')
    .trim();

/** Text that may span lines (a note, a description): as singleLineText, with line breaks and tabs allowed. */
export const multilineText = () =>
  text()
    .refine((value) => isCleanText(value, true), INVALID)
    .normalize('NFC')
    .trim();

/** A name: one line with at least one visible character, else `requiredKey` as for a blank name. */
export const nameText = (requiredKey: ValidationKey, max: number, maxKey: ValidationKey) =>
  singleLineText(requiredKey).refine(hasVisibleCharacter, requiredKey).max(max, maxKey);
