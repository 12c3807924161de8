// Profile completion: the 9 fields of SPEC 5 (the same zod schema as the web form), date
// checks the spec leaves open, and the two optional photos, which must be the customer's own
// stored uploads. Sets profileCompleted from the shared completeness rule.
import type { User } from "../../prisma/generated/sqlite/client";
import { addDays, capeTownToday, profileCompleteness, profileCompletionSchema, type ProfileCompletionData } from "#domain";
import { badInput, unauthenticated } from "../errors";
import type { Services } from "./context";
import { resolveOwnedObject } from "./uploads";
import { parseInput } from "./validation";
import { requireCustomer, type Viewer } from "./viewer";

export const MINIMUM_AGE = 18;
const MAXIMUM_AGE = 120;

export const PROFILE_DATE_MESSAGES = {
  dateOfBirthFuture: "Date of birth must be in the past",
  dateOfBirthTooOld: "Please enter a valid date of birth",
  tooYoung: `You must be at least ${MINIMUM_AGE} years old`,
  licenceExpired: "Your driver's license has expired",
} as const;

/** The date `years` years after an IsoDate; 29 February moves to 1 March in other years. */
function addYears(date: string, years: number): string {
  const [y, m, d] = date.split("-");
  const shifted = `${String(Number(y) + years).padStart(4, "0")}-${m}-${d}`;
  return m === "02" && d === "29" && !isLeap(Number(y) + years) ? addDays(`${String(Number(y) + years).padStart(4, "0")}-02-28`, 1) : shifted;
}
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Date rules the spec does not state, judged on Cape Town's calendar: a date of birth in the
 * past, at most 120 years ago, and a customer at least 18 (the age for a South African
 * driving licence); a licence that has not expired (it may expire today). Field -> message.
 */
export function profileDateProblems(
  data: Pick<ProfileCompletionData, "dateOfBirth" | "driversLicenseExpiryDate">,
  now: Date = new Date(),
): Record<string, string> {
  const today = capeTownToday(now);
  const problems: Record<string, string> = {};
  if (data.dateOfBirth >= today) problems.dateOfBirth = PROFILE_DATE_MESSAGES.dateOfBirthFuture;
  else if (addYears(data.dateOfBirth, MAXIMUM_AGE) < today) problems.dateOfBirth = PROFILE_DATE_MESSAGES.dateOfBirthTooOld;
  else if (addYears(data.dateOfBirth, MINIMUM_AGE) > today) problems.dateOfBirth = PROFILE_DATE_MESSAGES.tooYoung;
  if (data.driversLicenseExpiryDate < today) problems.driversLicenseExpiryDate = PROFILE_DATE_MESSAGES.licenceExpired;
  return problems;
}

/**
 * Saves the profile form. The form is the whole profile: a photo left out (or blank) is
 * removed. A photo value is an upload URL or "/objects/uploads/<uuid>" of the customer's own
 * stored upload of the right kind, or the value already saved (kept as it is).
 */
export async function completeProfile(services: Services, viewer: Viewer, input: unknown): Promise<User> {
  const customer = requireCustomer(viewer);
  const data = parseInput(profileCompletionSchema, input);
  const problems = profileDateProblems(data);
  const first = Object.values(problems)[0];
  if (first) throw badInput(first, problems);

  const current = await services.db.user.findUnique({ where: { id: customer.userId }, select: { profilePicture: true, driversLicenseImage: true } });
  if (!current) throw unauthenticated("Your session has expired. Please sign in again.");
  const photo = async (value: string | undefined, saved: string | null, purpose: "profile_picture" | "drivers_license", field: string) => {
    if (!value) return null;
    if (value === saved) return saved;
    return resolveOwnedObject(services, viewer, value, [purpose], field);
  };
  const profilePicture = await photo(data.profilePicture, current.profilePicture, "profile_picture", "profilePicture");
  const driversLicenseImage = await photo(data.driversLicenseImage, current.driversLicenseImage, "drivers_license", "driversLicenseImage");

  const fields = {
    dateOfBirth: data.dateOfBirth,
    address: data.address,
    city: data.city,
    postalCode: data.postalCode,
    nationality: data.nationality,
    idType: data.idType,
    idNumber: data.idNumber,
    driversLicenseNumber: data.driversLicenseNumber,
    driversLicenseExpiryDate: data.driversLicenseExpiryDate,
  };
  try {
    return await services.db.user.update({
      where: { id: customer.userId },
      data: { ...fields, profilePicture, driversLicenseImage, profileCompleted: profileCompleteness(fields).complete },
    });
  } catch (error) {
    // The account was deleted while the form was being saved.
    if ((error as { code?: unknown })?.code === "P2025") throw unauthenticated("Your session has expired. Please sign in again.");
    throw error;
  }
}
