// The booking scenario's customers: many, as real traffic has them (each books a few times in a
// run), each with the handful of bookings the seed gave them. Until stop 30 the scenario cycled
// through the seed's 20 bookers, who came to hold hundreds of open bookings each during a run:
// every booking's count of its customer's active bookings then read hundreds of rows (about 90 µs
// of a 1.25 ms booking), where the operator's default limit (2 active) stops any real count at 3.
import type { Services } from "../server/services/context";
import { createSession } from "../server/services/sessions";

export const BOOKING_CUSTOMERS = 2_000;

/** Session tokens of `count` customers who may book (profile completed), made directly in the database. */
export async function bookingCustomerTokens(services: Services, count = BOOKING_CUSTOMERS): Promise<string[]> {
  const customers = await services.db.user.findMany({
    where: { profileCompleted: true, email: { startsWith: "customer-" } },
    select: { id: true },
    orderBy: { id: "asc" },
    take: count,
  });
  const tokens: string[] = [];
  for (const customer of customers) tokens.push((await createSession(services, "customer", customer.id)).token);
  return tokens;
}
