// The one case-insensitive text match the services' searches use (cars for sale, the admin's
// customers, vehicles and bookings).
import type { Prisma } from "../db";
import type { Services } from "./context";

/**
 * Case-insensitive "contains" on both databases: SQLite's LIKE already ignores ASCII case;
 * PostgreSQL needs `mode: "insensitive"` (ILIKE), which the SQLite-typed client does not know.
 * Prisma passes the text to LIKE as it is, so `%` and `_` would be wildcards: on PostgreSQL they
 * are escaped (LIKE's default escape is the backslash); SQLite's LIKE has no escape unless the
 * statement names one, which Prisma's does not, so there they still widen the match (a search
 * for "a_b" also finds "axb").
 */
export function containsText(services: Pick<Services, "provider">, value: string): Prisma.StringFilter {
  if (services.provider !== "postgresql") return { contains: value };
  return { contains: value.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" } as Prisma.StringFilter;
}
