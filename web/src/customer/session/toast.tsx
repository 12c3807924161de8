/** Moved to web/src/ui/toast.tsx (shared by every area); kept so existing imports keep working. */
export * from "../../ui/toast.tsx";
