/** The audit log's before/after view: which fields an admin change added, removed or changed. */

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
  const known: Record<string, string> = {
    api_key: "API key",
    admin_user: "Admin",
    service_area: "Service area",
    vehicle: "Vehicle",
    booking: "Booking",
    dealership: "Dealership",
    user: "Customer",
  };
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
  return text(data.email) ?? text(data.dealershipCode) ?? text(data.status) ?? null;
}
