/**
 * SPEC 2, "Header logo": inside /admin paths it goes to /admin/dashboard; on /, /signin and
 * /signup it goes to /; otherwise to /home.
 */
export function logoHref(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/admin" || path.startsWith("/admin/")) return "/admin/dashboard";
  if (path === "/" || path === "/signin" || path === "/signup") return "/";
  return "/home";
}
