/**
 * A phone number as written ("021 555 0123", "+27 (0)21 555-0123") in E.164 ("+27215550123"),
 * the form a tel: link dials from anywhere. A number without a + or 00 is a South African one
 * (trunk 0 and nine digits). Null for anything else: letters, a misplaced +, a wrong number of
 * digits, or a trunk 0 kept after +27 ("+27 021 ...").
 */
export function phoneE164(text: string): string | null {
  const written = text.trim();
  if (!/^\+?[\d\s()-]+$/.test(written)) return null;
  // "+27 (0)21 ...": the bracketed trunk 0 is not dialled from abroad.
  const digits = written.replace(/\(0\)/g, "").replace(/\D/g, "");
  let international: string;
  if (written.startsWith("+")) international = digits;
  else if (digits.startsWith("00")) international = digits.slice(2);
  else if (/^0[1-9]\d{8}$/.test(digits)) international = `27${digits.slice(1)}`;
  else return null;
  // A country code never starts with 0; E.164 allows 15 digits in all.
  if (!/^[1-9]\d{7,14}$/.test(international)) return null;
  if (international.startsWith("27") && !/^27[1-9]\d{8}$/.test(international)) return null;
  return `+${international}`;
}

/** A phone number as people type it: digits with spaces, dashes, brackets and a leading +; 7 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 7 && digits <= 15;
}
