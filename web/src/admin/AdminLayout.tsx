import { AreaShell } from "../ui/AreaShell.tsx";

/** Full-width admin layout. Loaded lazily: customers never download the admin area. */
export function AdminLayout() {
  return <AreaShell area="Admin" />;
}
