// The driver app's REST calls, for a non-browser client (a native app, a test script):
// POST /api/driver/signin, GET /api/driver/me, POST /api/driver/change-password {currentPassword, newPassword}, GET /api/driver/jobs[?date=yyyy-mm-dd], GET /api/driver/jobs/:id,
// POST /api/driver/jobs/:id/start, POST /api/driver/jobs/:id/fail {reason, note?},
// POST /api/driver/jobs/:id/checklist {idempotencyKey, photos, damage?, odometerKm, fuelEighths,
// licenceChecked, signature, position?} -> 201 (200 when the same key was already applied).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import type { Services } from "../services/context";
import { unauthenticated } from "../errors";
import { driverMe, driverSignIn } from "../services/drivers";
import { failJob, getDriverJob, listDriverJobs, startJob, submitChecklist } from "../services/handovers";
import { checklistResultJson, driverJobJson } from "./shapes/handovers";
import { jsonObject } from "../services/validation";
import { changePasswordHandler } from "./password";

export function driverRoutes(services: Services, access: AccessControl) {
  return new Elysia({ prefix: "/driver" })
    .use(access)
    .post("/signin", async ({ body, viewer }) => driverSignIn(services, viewer, jsonObject(body)), { access: "anyone" })
    .get(
      "/me",
      async ({ viewer }) => {
        const driver = await driverMe(services, viewer);
        if (!driver) throw unauthenticated(); // no token, or another area's token
        return driver;
      },
      { access: "anyone" },
    )
    .post("/change-password", changePasswordHandler(services), { access: "driver" })
    .get("/jobs", async ({ query, viewer }) => (await listDriverJobs(services, viewer, { date: query.date })).map(driverJobJson), { access: "driver" })
    .get("/jobs/:id", async ({ params, viewer }) => driverJobJson(await getDriverJob(services, viewer, params.id)), { access: "driver" })
    .post("/jobs/:id/start", async ({ params, viewer }) => driverJobJson(await startJob(services, viewer, params.id)), { access: "driver" })
    .post("/jobs/:id/fail", async ({ params, body, viewer }) => driverJobJson(await failJob(services, viewer, params.id, jsonObject(body))), {
      access: "driver",
    })
    .post(
      "/jobs/:id/checklist",
      async ({ params, body, set, viewer }) => {
        const result = await submitChecklist(services, viewer, params.id, jsonObject(body));
        set.status = result.replayed ? 200 : 201;
        return checklistResultJson(result);
      },
      { access: "driver" },
    );
}
