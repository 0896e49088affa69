/**
 * Bengali digits, as the player site writes every number in Bengali (docs/formatting.md): the
 * journeys write the figures they expect with `bn` and read figures back with `latin`.
 */
const BENGALI = '০১২৩৪৫৬৭৮৯';

/** "90.00" → "৯০.০০" */
export const bn = (text: string | number) =>
  String(text).replace(/[0-9]/g, (digit) => BENGALI[Number(digit)]!);

/** "৯০.০০" → "90.00" */
export const latin = (text: string) =>
  text.replace(/[০-৯]/g, (digit) => String(BENGALI.indexOf(digit)));

/** A Latin digit or a 12-hour day-period: what a Bengali screen must not show. */
export const NOT_BENGALI = /[0-9]|\b(?:AM|PM)\b/;
