// Delivery and collection over GraphQL: drivers (admin accounts list and driver sign-in), the
// dispatch board, the driver's jobs and checklist, and the condition report.
import {
  bookingNumber,
  centsToDecimal,
  FAILURE_REASONS,
  HANDOVER_KINDS,
  HANDOVER_STATES,
  handoverPlace,
  handoverTime,
  type FailureReason,
  type HandoverCharges,
} from "#domain";
import {
  createDriver,
  driverMe,
  driverSignIn,
  driverSignOut,
  listDrivers,
  resetDriverPassword,
  setDriverActive,
  type PublicDriver,
} from "../../services/drivers";
import {
  assignDriver,
  conditionReport,
  deliveryRecordOf,
  dispatchDay,
  failJob,
  getDriverJob,
  listDriverJobs,
  minOdometerKm,
  previewCharges,
  startJob,
  storedCharges,
  submitChecklist,
  type ChecklistResult,
  type DispatchCounts,
  type DispatchDay,
  type DispatchEntry,
  type DriverJobRow,
} from "../../services/handovers";
import { anyone, driverOnly } from "../access";
import { requireAdmin } from "../../services/viewer";
import { builder } from "../builder";
import { withoutNulls } from "./admin-vehicles";
import { BookingStatusEnum, CategoryEnum, TransmissionEnum } from "./enums";

const adminOnly = { authScopes: { admin: true } } as const;

export const HandoverKindEnum = builder.enumType("HandoverKind", { values: HANDOVER_KINDS });
export const HandoverStateEnum = builder.enumType("HandoverState", { values: HANDOVER_STATES });
const FailureReasonEnum = builder.enumType("HandoverFailureReason", { values: FAILURE_REASONS });

const asFailureReason = (value: string | null) => ((FAILURE_REASONS as readonly string[]).includes(value ?? "") ? (value as FailureReason) : null);

// Drivers -----------------------------------------------------------------------------------------

export const DriverRef = builder.objectRef<PublicDriver>("Driver").implement({
  description: "A driver account (never the password).",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    phone: t.exposeString("phone"),
    isActive: t.exposeBoolean("isActive"),
    passwordChangeRequired: t.exposeBoolean("passwordChangeRequired", {
      description: "True while the password is one an admin or operator set (created or reset); the client asks for the account's own before anything else.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const DriverPasswordPayloadRef = builder.objectRef<{ driver: PublicDriver; password: string | null }>("DriverPasswordPayload").implement({
  fields: (t) => ({
    driver: t.field({ type: DriverRef, resolve: (p) => p.driver }),
    /** The generated password, shown this once; null when the admin chose it. */
    password: t.exposeString("password", { nullable: true }),
  }),
});

const DriverAuthPayloadRef = builder.objectRef<{ token: string; driver: PublicDriver }>("DriverAuthPayload").implement({
  fields: (t) => ({
    /** Bearer token for the driver app. */
    token: t.exposeString("token"),
    driver: t.field({ type: DriverRef, resolve: (p) => p.driver }),
  }),
});

const CreateDriverInput = builder.inputType("CreateDriverInput", {
  fields: (t) => ({
    name: t.string({ required: false }),
    email: t.string({ required: false }),
    phone: t.string({ required: false }),
    /** At least 8 characters; left out, the server generates one and returns it once. */
    password: t.string({ required: false }),
  }),
});

builder.queryField("adminDrivers", (t) =>
  t.field({ ...adminOnly, type: [DriverRef], description: "Every driver, active first.", resolve: (_r, _a, ctx) => listDrivers(ctx.services, ctx.viewer) }),
);

builder.mutationField("adminCreateDriver", (t) =>
  t.field({
    ...adminOnly,
    type: DriverPasswordPayloadRef,
    description: "Creates a driver account (audited).",
    args: { input: t.arg({ type: CreateDriverInput, required: true }) },
    resolve: (_r, { input }, ctx) => createDriver(ctx.services, requireAdmin(ctx.viewer), withoutNulls(input)),
  }),
);

builder.mutationField("adminSetDriverActive", (t) =>
  t.field({
    ...adminOnly,
    type: DriverRef,
    description: "Disables (every session ends at once) or enables a driver (audited).",
    args: { id: t.arg.id({ required: true }), isActive: t.arg.boolean({ required: true }) },
    resolve: async (_r, { id, isActive }, ctx) => (await setDriverActive(ctx.services, requireAdmin(ctx.viewer), String(id), isActive)).driver,
  }),
);

builder.mutationField("adminResetDriverPassword", (t) =>
  t.field({
    ...adminOnly,
    type: DriverPasswordPayloadRef,
    description: "Gives a driver a new generated password (shown once) and ends their sessions (audited).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => resetDriverPassword(ctx.services, requireAdmin(ctx.viewer), String(id)),
  }),
);

const DriverSignInInput = builder.inputType("DriverSignInInput", {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }),
});

builder.queryField("driverMe", (t) =>
  t.field({
    ...anyone,
    type: DriverRef,
    nullable: true,
    description: "The signed-in driver; null when not signed in as a driver.",
    resolve: (_r, _a, ctx) => driverMe(ctx.services, ctx.viewer),
  }),
);

builder.mutationField("driverSignIn", (t) =>
  t.field({
    ...anyone,
    type: DriverAuthPayloadRef,
    description: "Signs a driver in (rate limited). 401 for a wrong email or password, 403 for a disabled account.",
    args: { input: t.arg({ type: DriverSignInInput, required: true }) },
    resolve: (_r, { input }, ctx) => driverSignIn(ctx.services, ctx.viewer, input),
  }),
);

builder.mutationField("driverSignOut", (t) =>
  t.boolean({
    ...driverOnly,
    description: "Ends the driver's session.",
    resolve: async (_r, _a, ctx) => {
      await driverSignOut(ctx.services, ctx.viewer);
      return true;
    },
  }),
);

// Records: photos, charges, a job's report -----------------------------------------------------------

const HandoverPhotoRef = builder.prismaObject("HandoverPhoto", {
  authScopes: { customer: true, staff: true, driver: true },
  fields: (t) => ({
    id: t.exposeID("id"),
    /** front | back | left | right | odometer | fuel | damage */
    slot: t.exposeString("slot"),
    /** "/objects/uploads/<uuid>": private, read with the viewer's token. */
    url: t.exposeString("path"),
    note: t.exposeString("note", { nullable: true }),
  }),
});

const HandoverChargesRef = builder.objectRef<HandoverCharges>("HandoverCharges").implement({
  description: "What a collection adds: each started rental day past the days booked at the category's rate, each eighth of a tank short.",
  fields: (t) => ({
    lateDays: t.exposeInt("lateDays"),
    lateFee: t.field({ type: "Money", resolve: (c) => centsToDecimal(c.lateFeeCents) }),
    fuelEighthsShort: t.exposeInt("fuelEighthsShort"),
    fuelFee: t.field({ type: "Money", resolve: (c) => centsToDecimal(c.fuelFeeCents) }),
    total: t.field({ type: "Money", resolve: (c) => centsToDecimal(c.totalCents) }),
  }),
});

/** A delivery or collection as its record: readings, photos, signature, time and place, charges. */
export const HandoverReportRef = builder.prismaObject("HandoverJob", {
  variant: "HandoverReport",
  authScopes: { customer: true, staff: true, driver: true },
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.expose("kind", { type: HandoverKindEnum }),
    state: t.expose("state", { type: HandoverStateEnum }),
    failureReason: t.field({ type: FailureReasonEnum, nullable: true, resolve: (j) => asFailureReason(j.failureReason) }),
    failureNote: t.exposeString("failureNote", { nullable: true }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    odometerKm: t.exposeInt("odometerKm", { nullable: true }),
    /** 0 (empty) to 8 (full). */
    fuelEighths: t.exposeInt("fuelEighths", { nullable: true }),
    licenceChecked: t.exposeBoolean("licenceChecked", { nullable: true }),
    /** "lat,lng" where the checklist was submitted, when the phone gave it. */
    position: t.exposeString("position", { nullable: true }),
    signatureUrl: t.exposeString("signaturePath", { nullable: true }),
    driverName: t.string({ nullable: true, select: { driver: { select: { name: true } } }, resolve: (j) => j.driver?.name ?? null }),
    photos: t.relation("photos", { query: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } }),
    charges: t.field({ type: HandoverChargesRef, nullable: true, resolve: (j) => storedCharges(j) }),
  }),
});

// The dispatch board --------------------------------------------------------------------------------

const DispatchVehicleRef = builder.objectRef<{ id: string; make: string; model: string; registrationNumber: string }>("DispatchVehicle").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    registrationNumber: t.exposeString("registrationNumber"),
  }),
});

const DispatchDriverRef = builder.objectRef<{ id: string; name: string; phone: string; isActive: boolean }>("DispatchDriver").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name"), phone: t.exposeString("phone"), isActive: t.exposeBoolean("isActive") }),
});

const DispatchEntryRef = builder.objectRef<DispatchEntry>("DispatchEntry").implement({
  description: "A delivery (the booking's pickup) or collection (its return) on the dispatch board.",
  fields: (t) => ({
    /** "<bookingId>:<kind>" */
    id: t.exposeID("key"),
    kind: t.expose("kind", { type: HandoverKindEnum }),
    at: t.expose("at", { type: "DateTime" }),
    state: t.field({ type: HandoverStateEnum, resolve: (e) => e.job?.state ?? "scheduled" }),
    bookingId: t.id({ resolve: (e) => e.booking.id }),
    bookingNumber: t.string({ resolve: (e) => bookingNumber(e.booking.id, "admin") }),
    bookingStatus: t.field({ type: BookingStatusEnum, resolve: (e) => e.booking.status }),
    category: t.field({ type: CategoryEnum, resolve: (e) => e.booking.category }),
    transmission: t.field({ type: TransmissionEnum, resolve: (e) => e.booking.transmission }),
    address: t.string({ resolve: (e) => handoverPlace(e.kind, e.booking).address }),
    /** "lat,lon" */
    coordinates: t.string({ resolve: (e) => handoverPlace(e.kind, e.booking).coordinates }),
    /** False while the address is the typed-address stand-in (call the customer). */
    verified: t.boolean({ resolve: (e) => (e.kind === "delivery" ? e.booking.deliveryVerified : e.booking.returnVerified) }),
    customerName: t.string({ resolve: (e) => e.booking.user.name }),
    customerPhone: t.string({ nullable: true, resolve: (e) => e.booking.user.phone }),
    vehicle: t.field({ type: DispatchVehicleRef, nullable: true, resolve: (e) => e.booking.vehicle }),
    driver: t.field({ type: DispatchDriverRef, nullable: true, resolve: (e) => e.job?.driver ?? null }),
    job: t.field({ type: HandoverReportRef, nullable: true, resolve: (e) => e.job }),
  }),
});

const DispatchCountsRef = builder.objectRef<DispatchCounts>("DispatchCounts").implement({
  fields: (t) => ({
    deliveries: t.exposeInt("deliveries"),
    collections: t.exposeInt("collections"),
    unassigned: t.exposeInt("unassigned"),
    done: t.exposeInt("done"),
  }),
});

const DispatchDayRef = builder.objectRef<DispatchDay>("DispatchDay").implement({
  fields: (t) => ({
    /** "yyyy-mm-dd", a Cape Town day. */
    date: t.exposeString("date"),
    entries: t.field({ type: [DispatchEntryRef], resolve: (d) => d.entries }),
    counts: t.field({ type: DispatchCountsRef, resolve: (d) => d.counts }),
  }),
});

builder.queryField("dispatchDay", (t) =>
  t.field({
    type: DispatchDayRef,
    description: 'One Cape Town day\'s deliveries and collections in time order. driverId filters the entries ("unassigned" for those without one).',
    authScopes: { admin: true, permission: "bookings:read" },
    args: { date: t.arg.string({ required: true }), driverId: t.arg.id({ required: false }) },
    resolve: (_r, args, ctx) => dispatchDay(ctx.services, ctx.viewer, withoutNulls(args)),
  }),
);

builder.mutationField("assignHandoverDriver", (t) =>
  t.field({
    type: DispatchEntryRef,
    description: "Gives a delivery or collection to a driver (null: nobody). A failed job given to a driver is scheduled again. Audited.",
    authScopes: { admin: true, permission: "bookings:write" },
    args: { bookingId: t.arg.id({ required: true }), kind: t.arg({ type: HandoverKindEnum, required: true }), driverId: t.arg.id({ required: false }) },
    resolve: (_r, args, ctx) =>
      assignDriver(ctx.services, ctx.viewer, { bookingId: String(args.bookingId), kind: args.kind, driverId: args.driverId ? String(args.driverId) : null }),
  }),
);

// The driver's jobs ---------------------------------------------------------------------------------

const DriverJobCustomerRef = builder.objectRef<DriverJobRow["booking"]["user"]>("DriverJobCustomer").implement({
  description: "What a driver needs of the customer to hand a car over: nothing else of the profile.",
  fields: (t) => ({
    name: t.exposeString("name"),
    phone: t.exposeString("phone", { nullable: true }),
    licenceNumber: t.exposeString("driversLicenseNumber", { nullable: true }),
    /** Private: read with the driver's token while the job is in the driver's window. */
    licenceImageUrl: t.exposeString("driversLicenseImage", { nullable: true }),
  }),
});

const DriverJobVehicleRef = builder.objectRef<NonNullable<DriverJobRow["booking"]["vehicle"]>>("DriverJobVehicle").implement({
  fields: (t) => ({
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    registrationNumber: t.exposeString("registrationNumber"),
    /** The car's last known odometer reading: a checklist cannot go below it. */
    mileage: t.exposeInt("mileage"),
  }),
});

type DeliveryRecord = DriverJobRow["booking"]["handovers"][number];
const DeliveryRecordRef = builder.objectRef<DeliveryRecord>("DeliveryRecord").implement({
  description: "The delivery's readings and photos, beside a collection's for comparison.",
  fields: (t) => ({
    state: t.expose("state", { type: HandoverStateEnum }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    odometerKm: t.exposeInt("odometerKm", { nullable: true }),
    fuelEighths: t.exposeInt("fuelEighths", { nullable: true }),
    photos: t.field({ type: [HandoverPhotoRef], resolve: (d) => d.photos }),
  }),
});

const DriverJobRef = builder.objectRef<DriverJobRow>("DriverJob").implement({
  description: "A job as its driver sees it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.expose("kind", { type: HandoverKindEnum }),
    state: t.expose("state", { type: HandoverStateEnum }),
    at: t.field({ type: "DateTime", resolve: (j) => handoverTime(j.kind, j.booking) }),
    bookingNumber: t.string({ resolve: (j) => bookingNumber(j.booking.id, "admin") }),
    category: t.field({ type: CategoryEnum, resolve: (j) => j.booking.category }),
    transmission: t.field({ type: TransmissionEnum, resolve: (j) => j.booking.transmission }),
    address: t.string({ resolve: (j) => handoverPlace(j.kind, j.booking).address }),
    /** "lat,lon" */
    coordinates: t.string({ resolve: (j) => handoverPlace(j.kind, j.booking).coordinates }),
    specialRequests: t.string({ nullable: true, resolve: (j) => j.booking.specialRequests }),
    customer: t.field({ type: DriverJobCustomerRef, resolve: (j) => j.booking.user }),
    vehicle: t.field({ type: DriverJobVehicleRef, nullable: true, resolve: (j) => j.booking.vehicle }),
    /** The lowest odometer reading the checklist accepts. */
    minOdometerKm: t.int({ resolve: minOdometerKm }),
    failureReason: t.field({ type: FailureReasonEnum, nullable: true, resolve: (j) => asFailureReason(j.failureReason) }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    odometerKm: t.exposeInt("odometerKm", { nullable: true }),
    fuelEighths: t.exposeInt("fuelEighths", { nullable: true }),
    photos: t.field({ type: [HandoverPhotoRef], resolve: (j) => j.photos }),
    charges: t.field({ type: HandoverChargesRef, nullable: true, resolve: (j) => storedCharges(j) }),
    /** For a collection: the delivery's record. */
    delivery: t.field({
      type: DeliveryRecordRef,
      nullable: true,
      resolve: deliveryRecordOf,
    }),
  }),
});

builder.queryField("driverJobs", (t) =>
  t.field({
    ...driverOnly,
    type: [DriverJobRef],
    description: "The signed-in driver's jobs from yesterday to tomorrow (Cape Town), in time order; date narrows to one day.",
    args: { date: t.arg.string({ required: false }) },
    resolve: (_r, args, ctx) => listDriverJobs(ctx.services, ctx.viewer, withoutNulls(args)),
  }),
);

builder.queryField("driverJob", (t) =>
  t.field({
    ...driverOnly,
    type: DriverJobRef,
    description: "One of the driver's jobs (another driver's, or one outside the window, is not found).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => getDriverJob(ctx.services, ctx.viewer, String(id)),
  }),
);

builder.queryField("handoverChargePreview", (t) =>
  t.field({
    ...driverOnly,
    type: HandoverChargesRef,
    description: "What a collection submitted now with this fuel level would charge (zero for a delivery).",
    args: { id: t.arg.id({ required: true }), fuelEighths: t.arg.int({ required: true }) },
    resolve: (_r, { id, fuelEighths }, ctx) => previewCharges(ctx.services, ctx.viewer, String(id), { fuelEighths }),
  }),
);

builder.mutationField("startHandover", (t) =>
  t.field({
    ...driverOnly,
    type: DriverJobRef,
    description: "The driver is on the way (scheduled -> en_route); a delivery emails the customer.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => startJob(ctx.services, ctx.viewer, String(id)),
  }),
);

builder.mutationField("failHandover", (t) =>
  t.field({
    ...driverOnly,
    type: DriverJobRef,
    description: "The handover could not happen (scheduled or en_route -> failed), with the reason.",
    args: { id: t.arg.id({ required: true }), reason: t.arg({ type: FailureReasonEnum, required: true }), note: t.arg.string({ required: false }) },
    resolve: (_r, { id, reason, note }, ctx) => failJob(ctx.services, ctx.viewer, String(id), { reason, note }),
  }),
);

const ChecklistPhotosInput = builder.inputType("HandoverPhotosInput", {
  fields: (t) => ({
    front: t.string({ required: false }),
    back: t.string({ required: false }),
    left: t.string({ required: false }),
    right: t.string({ required: false }),
    odometer: t.string({ required: false }),
    fuel: t.string({ required: false }),
  }),
});

const DamageInput = builder.inputType("HandoverDamageInput", {
  fields: (t) => ({ photo: t.string({ required: true }), note: t.string({ required: true }) }),
});

const ChecklistInput = builder.inputType("HandoverChecklistInput", {
  fields: (t) => ({
    /** Made by the device when the checklist starts (8-100 letters, digits, - or _): a repeated submission changes nothing. */
    idempotencyKey: t.string({ required: true }),
    /** Each an upload of purpose handover_photo (its upload URL or object path). */
    photos: t.field({ type: ChecklistPhotosInput, required: true }),
    damage: t.field({ type: [DamageInput], required: false }),
    odometerKm: t.int({ required: false }),
    fuelEighths: t.int({ required: false }),
    /** Deliveries: the licence matches the person receiving the car. */
    licenceChecked: t.boolean({ required: false }),
    /** An upload of purpose signature: the customer's drawn signature. */
    signature: t.string({ required: false }),
    /** "lat,lng" from the phone, when granted. */
    position: t.string({ required: false }),
  }),
});

const ChecklistResultRef = builder.objectRef<ChecklistResult>("HandoverChecklistResult").implement({
  fields: (t) => ({
    job: t.field({ type: DriverJobRef, resolve: (r) => r.job }),
    charges: t.field({ type: HandoverChargesRef, nullable: true, resolve: (r) => r.charges }),
    /** True when this submission was already applied (same idempotency key): nothing changed. */
    replayed: t.exposeBoolean("replayed"),
  }),
});

builder.mutationField("submitHandoverChecklist", (t) =>
  t.field({
    ...driverOnly,
    type: ChecklistResultRef,
    description:
      "Submits a delivery checklist (booking in progress, car rented) or a collection checklist (charges stored, booking completed, car available or in maintenance).",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ChecklistInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => submitChecklist(ctx.services, ctx.viewer, String(id), withoutNulls(input)),
  }),
);

// The condition report --------------------------------------------------------------------------------

const ConditionReportRef = builder.objectRef<Awaited<ReturnType<typeof conditionReport>>>("ConditionReport").implement({
  description: "A booking's delivery and collection records side by side.",
  fields: (t) => ({
    bookingId: t.exposeID("id"),
    bookingNumber: t.string({ resolve: (b) => bookingNumber(b.id, "customer") }),
    status: t.expose("status", { type: BookingStatusEnum }),
    pickupDate: t.expose("pickupDate", { type: "DateTime" }),
    returnDate: t.expose("returnDate", { type: "DateTime" }),
    deliveryLocation: t.exposeString("deliveryLocation"),
    returnLocation: t.exposeString("returnLocation"),
    vehicle: t.field({ type: DispatchVehicleRef, nullable: true, resolve: (b) => b.vehicle }),
    delivery: t.field({ type: HandoverReportRef, nullable: true, resolve: (b) => b.handovers.find((h) => h.kind === "delivery") ?? null }),
    collection: t.field({ type: HandoverReportRef, nullable: true, resolve: (b) => b.handovers.find((h) => h.kind === "collection") ?? null }),
  }),
});

builder.queryField("conditionReport", (t) =>
  t.field({
    type: ConditionReportRef,
    description: "The condition report of one of the customer's bookings (admins: any booking).",
    authScopes: { customer: true, admin: true, permission: "bookings:read" },
    args: { bookingId: t.arg.id({ required: true }) },
    resolve: (_r, { bookingId }, ctx) => conditionReport(ctx.services, ctx.viewer, String(bookingId)),
  }),
);
