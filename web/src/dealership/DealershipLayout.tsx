import { AreaShell } from "../ui/AreaShell.tsx";

/** Full-width dealership layout. Loaded lazily: customers never download the dealership area. */
export function DealershipLayout() {
  return <AreaShell area="Dealership portal" />;
}
