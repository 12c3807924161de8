// GraphQL adminBookings reads only the parts of each entry its selection asks for (issue 16): the
// columns of the fields asked, the customer and the car only when asked. Each field answers the
// same as when every field is asked, through fragments too; a field without a known part (the
// handovers, or one added later) reads whole entries.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { getNamedType, GraphQLObjectType } from "graphql";
import { WHOLE_ENTRY } from "../../services/admin-bookings";
import { newAdmin, newBooking, newCustomerWithToken, newFleetVehicle, type TestActor } from "../../testing/admin";
import { graphql, startTestServer, type TestServer } from "../../testing/harness";
import { resolveInfoOf } from "../../testing/resolve-info";
import { schema } from "../schema";
import { entryPartsFor, MAPPED_ENTRY_FIELDS } from "./admin-bookings";

setDefaultTimeout(60_000);

let server: TestServer;
let admin: TestActor;
beforeAll(async () => {
  server = await startTestServer();
  admin = await newAdmin(server.services);
  const customer = await newCustomerWithToken(server.services, { name: "Thandi Nomvula Nkosi", phone: "082 123 4567" });
  const other = await newCustomerWithToken(server.services, { name: "Sipho Ndlovu" });
  const car = await newFleetVehicle(server.services, { plate: "CA 200-002" });
  const t0 = Date.now();
  await newBooking(server.services, { userId: customer.id, vehicleId: car.id, createdAt: new Date(t0 - 120_000) });
  await newBooking(server.services, { userId: other.id, category: "large", status: "pending", createdAt: new Date(t0 - 60_000) });
  await newBooking(server.services, { userId: customer.id, status: "cancelled", createdAt: new Date(t0) });
});
afterAll(async () => {
  await server?.close();
});

const entryType = () => getNamedType(schema.getQueryType()!.getFields().adminBookings!.type) as GraphQLObjectType;
const itemType = () => getNamedType(entryType().getFields().items!.type) as GraphQLObjectType;
/** Every AdminBooking field with a part of its own, each object field with all its subfields. */
/** A field with every field of its type, all the way down. */
const selectionIn = (parent: GraphQLObjectType, name: string): string => {
  const type = getNamedType(parent.getFields()[name]!.type);
  return type instanceof GraphQLObjectType
    ? `${name} { ${Object.keys(type.getFields())
        .map((field) => selectionIn(type, field))
        .join(" ")} }`
    : name;
};
const selectionOf = (name: string) => selectionIn(itemType(), name);

async function items(selection: string, fragments = "") {
  const answer = await graphql(server.url, `{ adminBookings(limit: 10) { total items { ${selection} } } } ${fragments}`, {}, admin.auth);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.adminBookings.items as Record<string, unknown>[];
}

test("the parts read follow the selection, through fragments; an unknown field reads whole entries", () => {
  expect(entryPartsFor(resolveInfoOf(`{ adminBookings { total items { id bookingNumber status } } }`))).toEqual({
    booking: ["id", "status"],
    user: false,
    vehicle: false,
  });
  expect(
    entryPartsFor(
      resolveInfoOf(`query { adminBookings { ...Page } } fragment Page on AdminBookingPage { items { ...Entry ... on AdminBooking { totalPrice vehicle { make } } } }
              fragment Entry on AdminBooking { deliveryDateTime user { name } }`),
    ),
  ).toEqual({ booking: ["pickupDate", "totalAmount"], user: true, vehicle: true });
  expect(entryPartsFor(resolveInfoOf(`{ adminBookings { items { vehicleId vehicle { id } } } }`))).toEqual({
    booking: ["vehicleId"],
    user: false,
    vehicle: true,
  });
  // The total alone reads no entry columns (the id is always read).
  expect(entryPartsFor(resolveInfoOf(`{ adminBookings { total } }`))).toEqual({ booking: [], user: false, vehicle: false });
  expect(entryPartsFor(resolveInfoOf(`{ adminBookings { items { id handovers { id } } } }`))).toBe(WHOLE_ENTRY);
});

test("every AdminBooking field is mapped to its parts, or is one that reads whole entries", () => {
  const fields = Object.keys(itemType().getFields()).sort();
  expect(fields.filter((name) => !MAPPED_ENTRY_FIELDS.has(name))).toEqual(["changes", "handovers"]);
});

test("each field alone answers what it answers with every field asked", async () => {
  const mapped = Object.keys(itemType().getFields()).filter((name) => MAPPED_ENTRY_FIELDS.has(name));
  const everything = await items(mapped.map(selectionOf).join(" "));
  expect(everything.length).toBe(3);
  expect(everything.some((entry) => entry.vehicle === null)).toBe(true);
  expect(everything.some((entry) => entry.vehicle !== null)).toBe(true);
  for (const name of mapped) {
    const alone = await items(selectionOf(name));
    expect({ name, values: alone.map((entry) => entry[name]) }).toEqual({ name, values: everything.map((entry) => entry[name]) });
  }
  // Whole entries (the handovers asked) answer the same fields the same.
  const whole = await items(`${mapped.map(selectionOf).join(" ")} handovers { id }`);
  expect(whole.map(({ handovers: _, ...rest }) => rest)).toEqual(everything);
  // Through fragments, named and inline.
  const viaFragments = await items(`...Entry ... on AdminBooking { user { name email } }`, `fragment Entry on AdminBooking { id totalPrice vehicle { make } }`);
  expect(viaFragments).toEqual(
    everything.map((entry) => ({
      id: entry.id,
      totalPrice: entry.totalPrice,
      vehicle: entry.vehicle && { make: (entry.vehicle as { make: string }).make },
      user: { name: (entry.user as { name: string }).name, email: (entry.user as { email: string }).email },
    })),
  );
});
