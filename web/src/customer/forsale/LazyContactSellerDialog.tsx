/**
 * Contact Seller, loaded the first time a buyer opens it: the form brings Ark's dialog,
 * react-hook-form and zod (about 45 KB gzipped), which the Cars for Sale pages do not need to
 * show their cars (`bun run bench`: page weight and Lighthouse of /cars-for-sale). Once loaded it
 * stays mounted, so closing it keeps its exit animation. Same props as ContactSellerDialog.
 */
import { lazy, Suspense, useState, type ComponentProps } from "react";
import type { ContactSellerDialog as Dialog } from "./ContactSellerDialog.tsx";

const Loaded = lazy(() => import("./ContactSellerDialog.tsx").then((module) => ({ default: module.ContactSellerDialog })));

export function ContactSellerDialog(props: ComponentProps<typeof Dialog>) {
  const [wanted, setWanted] = useState(false);
  if (props.car !== null && !wanted) setWanted(true);
  if (!wanted && props.car === null) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
