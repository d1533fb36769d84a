import { z } from 'zod';
import { isPersonName } from './person-name';

/**
 * The building blocks of every text and date a request may carry. Build input schemas from these, never
 * from a bare `z.string()` or `z.iso.date()`: each refuses what PostgreSQL refuses or what only an
 * attacker sends (NUL answers 500 in a text column; year 0 in a date column), with a localised
 * message naming the field. `test/hostile-inputs.test.ts` sends a NUL to every string field and year 0
 * to every date field of every route, so a schema that skips them fails the suite.
 */

/** C0 control characters and DEL: never in one line of text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The same without tab, line feed and carriage return, which a multi-line text keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const controlCharacters = { message: 'validation.controlCharacters' };

export const hasControlCharacters = (value: string, { multiline = false } = {}) =>
  (multiline ? CONTROL_BUT_LAYOUT : CONTROL).test(value);

/** One line of text as people type it: trimmed, no control characters. Chain `.min()`/`.max()`. */
export const singleLineText = () =>
  z
    .string()
    .trim()
    .refine((value) => !CONTROL.test(value), controlCharacters);

/** Text of several lines (notes, descriptions, addresses): trimmed; tab and line breaks kept, other control characters refused. */
export const multilineText = () =>
  z
    .string()
    .trim()
    .refine((value) => !CONTROL_BUT_LAYOUT.test(value), controlCharacters);

/** A secret or token compared as sent (passwords, invitation tokens): not trimmed, no control characters. */
export const verbatimText = () => z.string().refine((value) => !CONTROL.test(value), controlCharacters);

/** A text that must be filled in: blank after trimming reads "required", not "at least 1 character". */
export const requiredText = (max: number) =>
  singleLineText().min(1, { message: 'validation.required' }).max(max);

/**
 * Invisible characters that make one name look like another or reorder its display: zero-width
 * spaces and joiners, directional marks, embeddings, overrides and isolates, and the byte-order mark.
 */
const INVISIBLE_IN_NAMES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A person's name or surname: NFC, invisible and direction-changing characters removed, trimmed, runs
 * of spaces made one; required; then only letters (any script), spaces, apostrophes, hyphens and dots
 * (`isPersonName`), so a phone number or an email is not saved as a name.
 */
export const personName = (max: number) =>
  z
    .string()
    .normalize('NFC')
    .overwrite((value) => value.replace(INVISIBLE_IN_NAMES, ''))
    .trim()
    // A control character is the one thing to say (abort: the name rule below would say it again).
    .refine((value) => !CONTROL.test(value), { ...controlCharacters, abort: true })
    .overwrite((value) => value.replace(/\s+/gu, ' '))
    .min(1, { message: 'validation.required' })
    // Blank is the `required` above alone.
    .refine((value) => value === '' || isPersonName(value), { message: 'validation.personName' })
    .max(max);

/** Dates people and malls deal in; PostgreSQL would store year 0 or 9999, but no one is born then. */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;

/** A calendar date, yyyy-mm-dd, from 1900 to 2100. */
export const isoDate = () =>
  z.iso
    .date({ message: 'validation.format.date' })
    .refine((value) => value >= DATE_RANGE.min && value <= DATE_RANGE.max, {
      message: 'validation.dateRange',
      params: DATE_RANGE,
    });

/** A URL (http or https) with no control characters: the URL parser would quietly percent-encode them. */
export const safeUrl = () => z.url().refine((value) => !CONTROL.test(value), controlCharacters);

/**
 * A moment (a campaign's start, end or archive time): an ISO 8601 date-time with seconds and an offset
 * (`2026-05-01T10:00:00+03:00`, `…Z`), from 1900 to 2100, answered in UTC (`toISOString`), so
 * moments compare as strings and are stored the same however the client wrote its zone.
 */
export const isoDateTime = () =>
  z.iso
    .datetime({ offset: true, message: 'validation.format.datetime' })
    .refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= Number(DATE_RANGE.min.slice(0, 4)) && year <= Number(DATE_RANGE.max.slice(0, 4));
      },
      { message: 'validation.dateRange', params: DATE_RANGE },
    )
    .transform((value) => new Date(value).toISOString());
