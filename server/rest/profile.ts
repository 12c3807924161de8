// POST /api/profile/complete {the 9 fields, profilePicture?, driversLicenseImage?} -> {success, user}
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { publicUser } from "../services/auth";
import type { Services } from "../services/context";
import { completeProfile } from "../services/profile";

export function profileRoutes(services: Services, access: AccessControl) {
  return new Elysia().use(access).post(
    "/profile/complete",
    async ({ body, viewer }) => {
      const user = await completeProfile(services, viewer, body);
      return { success: true, user: publicUser(user) };
    },
    { access: "customer" },
  );
}
