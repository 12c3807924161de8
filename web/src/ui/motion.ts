/**
 * How a scroll the app starts itself should move: a glide, or a jump when the device asks for
 * reduced motion. An explicit `behavior: "smooth"` in scrollTo/scrollIntoView overrides the
 * stylesheet's reduced-motion rule, so every such call asks here instead of writing "smooth".
 * Kept out of the landing page's modules (its gzip budget): only lazily loaded screens import it.
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth";
}
