/**
 * Mobile numbers in one form: dialing code plus the national number without its leading 0.
 * The forms and the server apply the same rule.
 */
export interface Phone {
  countryDialingCode: string;
  mobileNum: string;
}

export function normalizePhone(countryDialingCode: string, mobileNum: string): Phone {
  return { countryDialingCode, mobileNum: mobileNum.replace(/^0+/, '') };
}

/** Bangladesh numbers are 1[3-9] and eight more digits; elsewhere 6 to 15 digits. */
export function isValidPhone({ countryDialingCode, mobileNum }: Phone) {
  if (countryDialingCode === '+880') return /^1[3-9]\d{8}$/.test(mobileNum);
  return /^\d{6,15}$/.test(mobileNum);
}

export const phoneKey = ({ countryDialingCode, mobileNum }: Phone) =>
  `${countryDialingCode}${mobileNum}`;
