// The available-cars search answered from memory, kept exact by the database's log of changes.
//
// Each server process holds the rentable fleet (the cars customers can book, in list order, with
// their photos) and, per car, the periods its pending, confirmed and in-progress bookings hold it.
// Before answering it reads the log triggers write in every transaction that touches a car's
// listing, photos or bookings (model FleetChange, prisma/*/migrations/*_fleet_changes), and
// re-reads the cars named since its last read. So a search sees every write committed before it
// started, by this process, another process on the same SQLite file or another instance on
// PostgreSQL, as the SQL it replaced did; it costs one small read of the log (usually no rows)
// instead of an overlap probe into the bookings for every car of the category (the benchmark's
// busy fleet: 279 medium cars probed to find the 6 free ones, about 1 ms of SQL a search).
//
// How the log is followed:
// - SQLite has one writer, so the log's `seq` grows in commit order: read the rows after the last
//   one applied.
// - PostgreSQL's transactions commit in any order, so rows carry their transaction's id: the log is
//   read with the snapshot's oldest running transaction (its "horizon"), and the next read takes
//   the rows of that transaction and after (those already applied are skipped by `seq`).
// - Housekeeping deletes rows older than FLEET_CHANGES_KEPT_MS; a process that has not read the log
//   for half that long loads everything again instead.
import { CATEGORY_IDS } from "#domain";
import { type Db, join, sql } from "../db";
import { queryRows } from "../db/direct";
import { type AvailableVehicleRow, BLOCKING_STATUS_SQL, TAKES_BOOKINGS_SQL } from "./vehicles";
import type { Services } from "./context";

/** How long the log keeps a row (housekeeping deletes older ones). */
export const FLEET_CHANGES_KEPT_MS = 3_600_000;
/** A calendar that has not read the log for this long loads the fleet again (rows it needs may be gone). */
const RELOAD_AFTER_MS = FLEET_CHANGES_KEPT_MS / 2;

type CarRow = Omit<AvailableVehicleRow, "images">;

/** A listed car: its row, its photos in display order, and its bookings' periods (ms), by pickup. */
type ListedCar = {
  readonly car: CarRow;
  readonly images: readonly { url: string }[];
  pickups: Float64Array;
  /** The latest return among the periods up to each index: the overlap test is one binary search. */
  latestReturns: Float64Array;
};

type Change = { seq: number; vehicleId: string; kind: string };
/** Rows of the log not applied yet, and how to move the position past them once they are. */
type Changes = { changes: Change[]; applied(): void };

export type FleetSearch = {
  category?: string;
  transmission?: string;
  period?: { pickup: Date; returnAt: Date } | null;
  take: number;
  skip: number;
};

/** Cars read in one statement (their rows, photos or periods); a change to more loads the whole fleet. */
const READ_CARS_AT_ONCE = 200;

const CAR_COLUMNS = sql`id, make, model, year, category, transmission, status, mileage, "dailyRate", "salesPrice", "dealershipId"`;

/**
 * The list order of the SQL it replaced: category, rate, make, model, id. Categories sort as each
 * database sorts them: PostgreSQL by the enum's order (small, medium, large), SQLite as text; the
 * other text in code-point order (SQLite's BINARY, PostgreSQL's C collation).
 */
function carOrder(provider: Services["provider"]): (a: ListedCar, b: ListedCar) => number {
  const categories = provider === "postgresql" ? [...CATEGORY_IDS] : [...CATEGORY_IDS].sort();
  const rank = new Map<string, number>(categories.map((category, index) => [category, index]));
  return (a, b) => {
    const x = a.car;
    const y = b.car;
    if (x.category !== y.category) return (rank.get(x.category) ?? 0) - (rank.get(y.category) ?? 0);
    const rate = Number(x.dailyRate) - Number(y.dailyRate);
    if (rate !== 0) return rate;
    if (x.make !== y.make) return x.make < y.make ? -1 : 1;
    if (x.model !== y.model) return x.model < y.model ? -1 : 1;
    return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  };
}

/** Whether one of the car's periods overlaps [from, to) (half-open: back to back is free). */
function bookedDuring(listed: ListedCar, from: number, to: number): boolean {
  const { pickups, latestReturns } = listed;
  let low = 0;
  let high = pickups.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((pickups[middle] as number) < to) low = middle + 1;
    else high = middle;
  }
  return low > 0 && (latestReturns[low - 1] as number) > from;
}

function periodsOf(periods: { pickupDate: Date; returnDate: Date }[]): Pick<ListedCar, "pickups" | "latestReturns"> {
  periods.sort((a, b) => a.pickupDate.getTime() - b.pickupDate.getTime());
  const pickups = new Float64Array(periods.length);
  const latestReturns = new Float64Array(periods.length);
  let latest = Number.NEGATIVE_INFINITY;
  periods.forEach((period, index) => {
    pickups[index] = period.pickupDate.getTime();
    latest = Math.max(latest, period.returnDate.getTime());
    latestReturns[index] = latest;
  });
  return { pickups, latestReturns };
}

const groupBy = <T extends { vehicleId: string }>(rows: T[]) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.vehicleId);
    if (group) group.push(row);
    else groups.set(row.vehicleId, [row]);
  }
  return groups;
};

export class FleetCalendar {
  readonly #cars = new Map<string, ListedCar>();
  /** The listed cars in list order, per category and transmission asked ("" for any); emptied when a car's row changes. */
  readonly #order = new Map<string, ListedCar[]>();
  /** When the log was last read (never: the first sync loads the fleet). */
  #syncedAt = Number.NEGATIVE_INFINITY;
  /** SQLite: the last `seq` applied. */
  #seq = 0;
  /** PostgreSQL: the oldest transaction still running at the last read, and the rows read of it and after. */
  #horizon = 0;
  #seen = new Set<number>();
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;
  readonly #compare: (a: ListedCar, b: ListedCar) => number;

  constructor(
    private readonly db: Db,
    private readonly provider: Services["provider"],
    private readonly clock: () => number = Date.now,
  ) {
    this.#compare = carOrder(provider);
  }

  /**
   * Brings the calendar up to every write committed before this call. A call made while a read of
   * the log is under way waits for the next read (the running one may have started before the
   * caller's write committed); all the calls made meanwhile share that next read.
   */
  sync(): Promise<void> {
    if (!this.#running) return this.#start();
    this.#queued ??= this.#running.then(
      () => this.#afterQueue(),
      () => this.#afterQueue(),
    );
    return this.#queued;
  }

  #afterQueue(): Promise<void> {
    this.#queued = undefined;
    return this.#start();
  }

  #start(): Promise<void> {
    const running = (this.clock() - this.#syncedAt < RELOAD_AFTER_MS ? this.#follow() : this.#load()).finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  /** The listed cars the search asks for, in list order, from what the last `sync` read. */
  search(filter: FleetSearch, withPhotos: boolean): AvailableVehicleRow[] {
    const key = `${filter.category ?? ""}|${filter.transmission ?? ""}`;
    let order = this.#order.get(key);
    if (!order) {
      order = [...this.#cars.values()]
        .filter(({ car }) => (!filter.category || car.category === filter.category) && (!filter.transmission || car.transmission === filter.transmission))
        .sort(this.#compare);
      this.#order.set(key, order);
    }
    const from = filter.period?.pickup.getTime() ?? 0;
    const to = filter.period?.returnAt.getTime() ?? 0;
    const found: AvailableVehicleRow[] = [];
    let skipped = 0;
    for (const listed of order) {
      const { car } = listed;
      if (filter.period && bookedDuring(listed, from, to)) continue;
      if (skipped < filter.skip) {
        skipped++;
        continue;
      }
      found.push({ ...car, images: withPhotos ? [...listed.images] : [] });
      if (found.length === filter.take) break;
    }
    return found;
  }

  /** Reads the whole fleet (at the first search, and after a long pause). */
  async #load(): Promise<void> {
    const syncedAt = this.clock();
    // The log's position first: what changes while the fleet is read is applied again after it.
    if (this.provider === "postgresql") {
      const [row] = await queryRows<{ horizon: number }>(this.db, sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon`);
      this.#horizon = Number(row?.horizon ?? 0);
      this.#seen = new Set();
    } else {
      const [row] = await queryRows<{ seq: number | null }>(this.db, sql`SELECT max(seq) AS seq FROM fleet_changes`);
      this.#seq = Number(row?.seq ?? 0);
    }
    const cars = await this.#read(null);
    this.#cars.clear();
    for (const [id, listed] of cars) this.#cars.set(id, listed);
    this.#order.clear();
    this.#syncedAt = syncedAt;
  }

  /** Applies the log's rows written since the last read. */
  async #follow(): Promise<void> {
    const syncedAt = this.clock();
    // The position moves on only once the cars are re-read: a failed read leaves the rows to the next.
    const { changes, applied } = this.provider === "postgresql" ? await this.#changesOnPostgres() : await this.#changesOnSqlite();
    // Many cars at once (an import): one load of the fleet, which takes the log's position anew.
    if (new Set(changes.map((change) => change.vehicleId)).size > READ_CARS_AT_ONCE) return this.#load();
    if (changes.length > 0) await this.#reread(changes);
    applied();
    this.#syncedAt = syncedAt;
  }

  async #changesOnSqlite(): Promise<Changes> {
    const changes = await queryRows<Change>(this.db, sql`SELECT seq, "vehicleId", kind FROM fleet_changes WHERE seq > ${this.#seq} ORDER BY seq`);
    const last = changes.at(-1);
    return {
      changes,
      applied: () => {
        if (last) this.#seq = Number(last.seq);
      },
    };
  }

  async #changesOnPostgres(): Promise<Changes> {
    const rows = await queryRows<{ horizon: number; seq: number | null; vehicleId: string | null; kind: string | null; txid: number | null }>(
      this.db,
      sql`SELECT h.horizon, c.seq, c."vehicleId", c.kind, c.txid
          FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon) h
          LEFT JOIN fleet_changes c ON c.txid >= ${this.#horizon}`,
    );
    const horizon = Number(rows[0]?.horizon ?? this.#horizon);
    const fresh: Change[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      if (row.seq == null || row.vehicleId == null || row.kind == null) continue;
      const seq = Number(row.seq);
      if (!this.#seen.has(seq)) fresh.push({ seq, vehicleId: row.vehicleId, kind: row.kind });
      // Rows of transactions at or after the new horizon come back in the next read: skip them then.
      if (Number(row.txid) >= horizon) seen.add(seq);
    }
    return {
      changes: fresh,
      applied: () => {
        this.#horizon = horizon;
        this.#seen = seen;
      },
    };
  }

  /** Re-reads the named cars: the whole car for a change to its listing or photos, else its periods. */
  async #reread(changes: Change[]): Promise<void> {
    const wholeCars = new Set<string>();
    const periodsOnly = new Set<string>();
    for (const change of changes) (change.kind === "bookings" ? periodsOnly : wholeCars).add(change.vehicleId);
    // Whether a rented car is listed depends on its bookings (domain takesBookings: a trip of ours in
    // progress), so a change to them reads it whole, as it does a car not listed (one marked rented by
    // hand whose trip starts). Any other listed car only has its periods read again.
    for (const id of periodsOnly) if (this.#cars.get(id)?.car.status !== "available") wholeCars.add(id);
    for (const id of wholeCars) periodsOnly.delete(id);

    if (wholeCars.size > 0) {
      const cars = await this.#read([...wholeCars]);
      for (const id of wholeCars) {
        const listed = cars.get(id);
        if (listed) this.#cars.set(id, listed);
        else this.#cars.delete(id);
      }
      this.#order.clear();
    }
    if (periodsOnly.size > 0) {
      const ids = [...periodsOnly];
      const periods = await this.#periods(ids);
      for (const id of ids) {
        const listed = this.#cars.get(id);
        // Replaced in place: the list order depends on the car's row only.
        if (listed) Object.assign(listed, periodsOf(periods.get(id) ?? []));
      }
    }
  }

  /** The listed cars among `ids` (all of them when null), with their photos and periods. */
  async #read(ids: string[] | null): Promise<Map<string, ListedCar>> {
    const among = ids ? sql`AND id IN (${join(ids)})` : sql``;
    const cars = await queryRows<CarRow>(this.db, sql`SELECT ${CAR_COLUMNS} FROM vehicles WHERE "dealershipId" IS NULL AND ${TAKES_BOOKINGS_SQL} ${among}`);
    const listed = new Map<string, ListedCar>();
    // The photos and periods a few hundred cars at a time: the whole fleet's at once (87,000
    // periods in the benchmark) raised the process's peak memory by about 70 MB at its first load.
    for (let start = 0; start < cars.length; start += READ_CARS_AT_ONCE) {
      const some = cars.slice(start, start + READ_CARS_AT_ONCE);
      const someIds = some.map((car) => car.id);
      const photosOf = groupBy(
        await queryRows<{ vehicleId: string; url: string }>(
          this.db,
          sql`SELECT "vehicleId", url FROM vehicle_images WHERE "vehicleId" IN (${join(someIds)}) ORDER BY "vehicleId", position, "createdAt", id`,
        ),
      );
      const periodsByCar = await this.#periods(someIds);
      for (const car of some) {
        listed.set(car.id, {
          car: Object.freeze(car),
          images: Object.freeze((photosOf.get(car.id) ?? []).map((photo) => Object.freeze({ url: photo.url }))),
          ...periodsOf(periodsByCar.get(car.id) ?? []),
        });
      }
    }
    return listed;
  }

  /** The periods of the blocking bookings of these cars (ids), by car. */
  async #periods(ids: string[]): Promise<Map<string, { vehicleId: string; pickupDate: Date; returnDate: Date }[]>> {
    return groupBy(
      await queryRows<{ vehicleId: string; pickupDate: Date; returnDate: Date }>(
        this.db,
        sql`SELECT "vehicleId", "pickupDate", "returnDate" FROM bookings WHERE "vehicleId" IN (${join(ids)}) AND ${BLOCKING_STATUS_SQL}`,
      ),
    );
  }
}

const calendars = new WeakMap<object, FleetCalendar>();

/** This process's calendar of `services.db` (one per database client). */
export function fleetCalendar(services: Pick<Services, "db" | "provider">): FleetCalendar {
  let calendar = calendars.get(services.db);
  if (!calendar) {
    calendar = new FleetCalendar(services.db, services.provider);
    calendars.set(services.db, calendar);
  }
  return calendar;
}
