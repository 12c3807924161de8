import { afterAll, beforeEach, expect, mock, test } from "bun:test";
import { resetEarlyAnswers } from "../../lib/earlyAnswer.ts";
import { dropCustomerToken, storeCustomerToken } from "../../lib/session.ts";
import { createCustomerClient } from "../session/client.ts";
import { askForCarEarly, askForCarsEarly, carBody, firstPageBody } from "./early.ts";
import { PAGE_SIZE, queryVariables, readFilters } from "./params.ts";
import { CAR_FOR_SALE, CARS_FOR_SALE } from "./queries.ts";

const realFetch = globalThis.fetch;
let bodies: string[] = [];
const PAGE = { data: { carsForSale: { __typename: "ForSalePage", total: 0, offset: 0, limit: PAGE_SIZE, vehicles: [] } } };

beforeEach(() => {
  resetEarlyAnswers();
  dropCustomerToken();
  bodies = [];
  globalThis.fetch = mock(async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(String(init?.body));
    return Response.json(PAGE);
  }) as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  resetEarlyAnswers();
});

const SEARCHES = ["", "q=polo", "q=Citro%C3%ABn+%22C3%22+%5Cx", "category=small&transmission=manual&price=100k-200k&sort=price_asc", "sort=oops&category=none"];

test.each(SEARCHES)("the early request for ?%s is byte for byte what the screen's query sends", async (search) => {
  const params = new URLSearchParams(search);
  const client = createCustomerClient(() => {});
  await client.query(CARS_FOR_SALE, queryVariables(readFilters(params), 0, PAGE_SIZE)).toPromise();
  expect(bodies).toHaveLength(1);
  expect(firstPageBody(params)).toBe(bodies[0]!);
});

test("a first visit asks once: the screen's client takes the loader's answer", async () => {
  storeCustomerToken("token-abc");
  askForCarsEarly({ request: new Request("http://localhost/cars-for-sale?q=polo") });
  expect(bodies).toHaveLength(1);
  const client = createCustomerClient(() => {});
  const result = await client.query(CARS_FOR_SALE, queryVariables(readFilters(new URLSearchParams("q=polo")), 0, PAGE_SIZE)).toPromise();
  expect(result.data?.carsForSale.total).toBe(0);
  expect(bodies).toHaveLength(1);
});

test("the early request for a car is byte for byte what the details screen's query sends, and is taken", async () => {
  const client = createCustomerClient(() => {});
  await client.query(CAR_FOR_SALE, { id: "car-1" }).toPromise();
  expect(carBody("car-1")).toBe(bodies[0]!);

  resetEarlyAnswers();
  bodies = [];
  askForCarEarly({ params: { id: "car-2" } });
  expect(bodies).toEqual([carBody("car-2")]);
  await createCustomerClient(() => {})
    .query(CAR_FOR_SALE, { id: "car-2" })
    .toPromise();
  expect(bodies).toHaveLength(1);
});
