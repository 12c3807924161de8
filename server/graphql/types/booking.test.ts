// GraphQL myBookings reads only the columns its fields use of each booking (issue 16); its car comes
// whole. Each field answers the same alone as when every field is asked, through fragments too; a
// field without known columns (one added later) reads every column.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { getNamedType, GraphQLObjectType } from "graphql";
import { newBooking, newCustomerWithToken, newFleetVehicle, type TestActor } from "../../testing/admin";
import { graphql, startTestServer, type TestServer } from "../../testing/harness";
import { resolveInfoOf } from "../../testing/resolve-info";
import { schema } from "../schema";
import { BOOKING_FIELD_COLUMNS, bookingColumnsFor } from "./booking";

setDefaultTimeout(60_000);

let server: TestServer;
let customer: TestActor;
beforeAll(async () => {
  server = await startTestServer();
  customer = await newCustomerWithToken(server.services, { name: "Thandi Nkosi" });
  const car = await newFleetVehicle(server.services, { plate: "CA 300-003" });
  // One under way, one coming (cancellable), one past, one cancelled without a car.
  await newBooking(server.services, { userId: customer.id, vehicleId: car.id, status: "in_progress", fromDay: -1, toDay: 2 });
  await newBooking(server.services, { userId: customer.id, vehicleId: car.id, status: "confirmed", fromDay: 10, toDay: 12 });
  await newBooking(server.services, { userId: customer.id, vehicleId: car.id, status: "completed", fromDay: -30, toDay: -27 });
  await newBooking(server.services, { userId: customer.id, category: "large", status: "cancelled", fromDay: 5, toDay: 6 });
});
afterAll(async () => {
  await server?.close();
});

const bookingType = () => getNamedType(schema.getQueryType()!.getFields().myBookings!.type) as GraphQLObjectType;
const vehicleType = () => getNamedType(bookingType().getFields().vehicle!.type) as GraphQLObjectType;

async function myBookings(selection: string, fragments = "") {
  const answer = await graphql(server.url, `{ myBookings { ${selection} } } ${fragments}`, {}, customer.auth);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.myBookings as Record<string, unknown>[];
}

test("the columns read follow the selection, through fragments; an unknown field reads every column", () => {
  expect(bookingColumnsFor(resolveInfoOf(`{ myBookings { id bookingNumber canCancel } }`))).toEqual({ booking: ["id", "pickupDate", "status"] });
  expect(
    bookingColumnsFor(
      resolveInfoOf(
        `query { myBookings { ...B ... on Booking { vehicle { ...V } } } } fragment B on Booking { totalAmount vehicle { make } } fragment V on Vehicle { year images }`,
      ),
    ),
  ).toEqual({ booking: ["totalAmount", "vehicleId"] });
  expect(bookingColumnsFor(resolveInfoOf(`{ myBookings { id fieldAddedLater } }`))).toBeUndefined();
});

test("every field of a customer's booking has its columns, or is one that reads every column", () => {
  // The booking's changes are a relation Pothos loads through Prisma: the list then reads whole rows.
  expect(Object.keys(bookingType().getFields()).filter((name) => !BOOKING_FIELD_COLUMNS.has(name))).toEqual(["changes"]);
});

/** A field with every field of its type, all the way down (`account { lines { kind label amount } balance }`). */
const selectionIn = (parent: GraphQLObjectType, name: string): string => {
  const type = getNamedType(parent.getFields()[name]!.type);
  return type instanceof GraphQLObjectType
    ? `${name} { ${Object.keys(type.getFields())
        .map((field) => selectionIn(type, field))
        .join(" ")} }`
    : name;
};

test("each field alone answers what it answers with every field asked", async () => {
  const carFields = Object.keys(vehicleType().getFields());
  const fieldNames = Object.keys(bookingType().getFields()).filter((name) => name !== "vehicle" && BOOKING_FIELD_COLUMNS.has(name));
  const bookingFields = fieldNames.map((name) => selectionIn(bookingType(), name));
  const everything = await myBookings(`${bookingFields.join(" ")} vehicle { ${carFields.join(" ")} }`);
  expect(everything.length).toBe(4);
  expect(everything.filter((booking) => booking.vehicle === null).length).toBe(1);
  expect(new Set(everything.map((booking) => booking.canCancel))).toEqual(new Set([true, false]));
  for (const name of fieldNames) {
    const alone = await myBookings(selectionIn(bookingType(), name));
    expect({ name, values: alone.map((booking) => booking[name]) }).toEqual({ name, values: everything.map((booking) => booking[name]) });
  }
  for (const name of carFields) {
    const alone = await myBookings(`vehicle { ${name} }`);
    const cars = (rows: Record<string, unknown>[]) => rows.map((booking) => (booking.vehicle as Record<string, unknown> | null)?.[name] ?? null);
    expect({ name, values: cars(alone) }).toEqual({ name, values: cars(everything) });
  }
  // Whole rows (the changes asked) answer the same fields the same.
  const whole = await myBookings(`${bookingFields.join(" ")} vehicle { ${carFields.join(" ")} } changes { id }`);
  expect(whole.map(({ changes: _, ...rest }) => rest)).toEqual(everything);
  // Through fragments, named and inline.
  const viaFragments = await myBookings(`...B ... on Booking { vehicle { make } }`, `fragment B on Booking { id totalAmount }`);
  expect(viaFragments).toEqual(
    everything.map((booking) => ({
      id: booking.id,
      totalAmount: booking.totalAmount,
      vehicle: booking.vehicle && { make: (booking.vehicle as { make: string }).make },
    })),
  );
});
