// POST /api/profile/complete {the 9 fields, profilePicture?, driversLicenseImage?} -> {success, user}
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import { publicUser } from "../services/auth";
import type { Services } from "../services/context";
import { completeProfile } from "../services/profile";

export function profileRoutes(services: Services, viewerOf: ViewerOf) {
  return new Elysia().post("/profile/complete", async ({ request, body }) => {
    const user = await completeProfile(services, await viewerOf(request), body);
    return { success: true, user: publicUser(user) };
  });
}
