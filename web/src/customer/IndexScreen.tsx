import { lazy, Suspense } from "react";
import { useCustomerToken } from "../lib/session.ts";
import { HomeSkeletonScreen } from "./HomeSkeleton.tsx";
import { Landing } from "./Landing.tsx";

// Only customers with a stored token download the session code (GraphQL client, Home screen).
const SignedInHome = lazy(() => import("./screens/IndexHome.tsx"));

/**
 * "/" (SPEC 2): the Home screen when a customer is signed in, otherwise the landing screen.
 * The stored token decides at once, so a signed-in customer never sees the landing page flash
 * by on reload; if the server then says the session is gone, the token is dropped and this
 * re-renders as the landing page.
 */
export function IndexScreen() {
  const token = useCustomerToken();
  if (!token) return <Landing />;
  return (
    <Suspense fallback={<HomeSkeletonScreen />}>
      <SignedInHome />
    </Suspense>
  );
}
