/** Moved to web/src/ui/dialog.ts (shared by every area); kept so existing imports keep working. */
export * from "../../ui/dialog.ts";
