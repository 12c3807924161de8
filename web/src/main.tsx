import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { addAreaRoutes, routes } from "./routes.tsx";

const router = createBrowserRouter(routes, { patchRoutesOnNavigation: addAreaRoutes });

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

if (import.meta.hot) {
  // Dev server with HMR: keep one React root across hot updates.
  const root: Root = (import.meta.hot.data.root ??= createRoot(container));
  root.render(app);
} else {
  createRoot(container).render(app);
}
