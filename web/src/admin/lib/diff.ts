/** The audit log's before/after view: which fields an admin change added, removed or changed. */
import { AUDITED_RECORD_LABELS } from "#domain/admin.ts";
import { bookingStatusLabel, categoryLabel, dateLabel, dateTimeLabel, rand, transmissionLabel, vehicleStatusLabel } from "./format.ts";

export type DiffKind = "added" | "removed" | "changed" | "unchanged";

export interface DiffRow {
  field: string;
  kind: DiffKind;
  before: string | null;
  after: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as one line of text: strings as they are, everything else as JSON. */
export function displayValue(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * Field by field, in a stable order (the after record's keys first, then any only before).
 * A creation (no before) lists every field as added; a deletion (no after) as removed.
 * Values that are not records are compared as a whole, under the field name "value".
 */
export function auditDiff(before: unknown, after: unknown, options: { includeUnchanged?: boolean } = {}): DiffRow[] {
  const b = before === null || before === undefined ? null : isRecord(before) ? before : { value: before };
  const a = after === null || after === undefined ? null : isRecord(after) ? after : { value: after };
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  const rows: DiffRow[] = [];
  for (const field of keys) {
    const inBefore = b !== null && field in b;
    const inAfter = a !== null && field in a;
    const beforeText = inBefore ? displayValue(b![field]) : null;
    const afterText = inAfter ? displayValue(a![field]) : null;
    let kind: DiffKind;
    if (!inBefore) kind = "added";
    else if (!inAfter) kind = "removed";
    else kind = beforeText === afterText ? "unchanged" : "changed";
    if (kind === "unchanged" && !options.includeUnchanged) continue;
    rows.push({ field, kind, before: beforeText, after: afterText });
  }
  return rows;
}

/** "vehicle.update" -> "Vehicle updated", "api_key.issue" -> "API key issued". */
export function actionLabel(action: string): string {
  const [entity = action, verb = ""] = action.split(".");
  const noun = entityLabel(entity);
  const past: Record<string, string> = {
    create: "created",
    update: "updated",
    delete: "deleted",
    issue: "issued",
    revoke: "revoked",
    sign_up: "signed up",
    status: "status changed",
    update_status: "status changed",
    assign_vehicle: "vehicle assigned",
    assign: "vehicle assigned",
    enable: "enabled",
    disable: "disabled",
    activate: "activated",
    onboard: "onboarded",
    reset_password: "password reset",
    deactivate: "deactivated",
  };
  const done = past[verb] ?? verb.replace(/_/g, " ");
  return done ? `${noun} ${done}` : noun;
}

/** "api_key" -> "API key", "service_area" -> "Service area". */
export function entityLabel(entity: string): string {
  const known: Readonly<Record<string, string>> = AUDITED_RECORD_LABELS;
  if (known[entity]) return known[entity];
  const words = entity.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Ada Admin (ada@capedrive.example)" -> name and email; other names are kept whole. */
export function splitActor(actorName: string | null | undefined): { name: string | null; detail: string | null } {
  if (!actorName) return { name: null, detail: null };
  const match = /^(.*\S)\s+\(([^()]+)\)$/.exec(actorName);
  return match ? { name: match[1]!, detail: match[2]! } : { name: actorName, detail: null };
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : null;
}

/**
 * A few words naming the record an entry is about, read from its after (or before) data:
 * "Volkswagen Polo Vivo · CA 123-456", "Sea Point", "rk_AbCdEfGh", an email...
 */
export function recordSummary(before: unknown, after: unknown): string | null {
  const data = (after && typeof after === "object" ? after : before) as Record<string, unknown> | null;
  if (!data || typeof data !== "object") return null;
  const vehicle = [text(data.make), text(data.model)].filter(Boolean).join(" ");
  const plate = text(data.licensePlate) ?? text(data.registrationNumber);
  if (vehicle) return plate ? `${vehicle} · ${plate}` : vehicle;
  const name = text(data.name) ?? text(data.companyName);
  const prefix = text(data.prefix);
  if (name) return prefix ? `${name} · ${prefix}…` : name;
  const person = [text(data.firstName), text(data.lastName)].filter(Boolean).join(" ");
  if (person) return person;
  // A status names no record (a booking's status change keeps only its status): the log then shows the kind and id.
  return text(data.email) ?? text(data.dealershipCode) ?? null;
}

// Readable names and values for the before/after table (issue 15, point 14) -----------------

const FIELD_LABELS: Record<string, string> = {
  pricePerDay: "Price per day",
  dailyRate: "Daily rate",
  salesPrice: "Sales price",
  totalAmount: "Total",
  totalPrice: "Total",
  pickupDate: "Pickup",
  returnDate: "Return",
  deliveryLocation: "Delivery location",
  deliveryCoordinates: "Delivery coordinates",
  returnLocation: "Return location",
  returnCoordinates: "Return coordinates",
  registrationNumber: "Registration",
  licensePlate: "Licence plate",
  isActive: "Active",
  vehicleId: "Vehicle",
  userId: "Customer",
  dealershipId: "Dealership",
  createdAt: "Created",
  updatedAt: "Updated",
  lastUsedAt: "Last used",
  expiresAt: "Expires",
  maxActiveBookings: "Active bookings allowed",
  id: "ID",
};

const MONEY_FIELDS = new Set(["pricePerDay", "dailyRate", "salesPrice", "totalAmount", "totalPrice", "price"]);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "pricePerDay" -> "Price per day"; an unknown camelCase or snake_case name in words. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A stored value as an admin reads it: statuses, categories and transmissions by their labels,
 * rand amounts, Cape Town dates, Yes/No, lists joined. Anything else is shown as it is.
 */
export function readableValue(field: string, value: string): string {
  if (value === "") return value;
  if (field === "status") {
    const vehicle = vehicleStatusLabel(value);
    return vehicle !== value ? vehicle : bookingStatusLabel(value);
  }
  if (field === "category") return categoryLabel(value);
  if (field === "transmission") return transmissionLabel(value);
  if (MONEY_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(value)) return rand(value);
  if (value === "true" || value === "false") return value === "true" ? "Yes" : "No";
  if (ISO_INSTANT.test(value)) return dateTimeLabel(value);
  if (ISO_DATE.test(value)) return dateLabel(`${value}T12:00:00Z`);
  if (value.startsWith("[")) {
    try {
      const list = JSON.parse(value) as unknown;
      if (Array.isArray(list) && list.every((item) => typeof item === "string" || typeof item === "number")) return list.length ? list.join(", ") : "(none)";
    } catch {
      // Not a list after all: shown as it is.
    }
  }
  return value;
}
