/** Moved to web/src/ui/icons.tsx (shared by every area); kept so existing imports keep working. */
export * from "../../ui/icons.tsx";
