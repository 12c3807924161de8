/** Moved to web/src/lib/errors.ts (shared by every area); kept so existing imports keep working. */
export * from "../../lib/errors.ts";
