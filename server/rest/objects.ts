// POST /api/objects/upload {purpose?} -> {uploadURL, objectPath, expiresAt}; then
// PUT <uploadURL> with the image bytes -> {objectPath, contentType, size, width, height}.
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { badInput } from "../errors";
import type { Services } from "../services/context";
import { createUpload, readLimited, receiveUpload } from "../services/uploads";

/** A small optional JSON body (the spec's client sends none). */
async function optionalJson(request: Request): Promise<Record<string, unknown>> {
  const text = new TextDecoder().decode(await readLimited(request.body, 64 * 1024));
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  throw badInput("The request body is not valid");
}

export function objectRoutes(services: Services, access: AccessControl) {
  return new Elysia()
    .use(access)
    .post(
      "/objects/upload",
      async ({ request, viewer }) => {
        const { purpose } = await optionalJson(request);
        const ticket = await createUpload(services, viewer, purpose ?? "profile_picture");
        return { uploadURL: ticket.uploadURL, objectPath: ticket.objectPath, expiresAt: ticket.expiresAt };
      },
      { parse: "none", access: "signedIn" },
    )
    .put(
      "/objects/upload/:id",
      async ({ request, params }) => {
        // The body is read here, counted as it arrives (never more than 10 MB), and its
        // Content-Type header is ignored: the bytes decide.
        const length = request.headers.get("content-length");
        const declared = length !== null && /^\d+$/.test(length) ? Number(length) : null;
        const token = new URL(request.url).searchParams.get("token");
        return receiveUpload(services, params.id, token, request.body, declared);
      },
      { parse: "none", public: true },
    );
}
