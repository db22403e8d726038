import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the spec's URLs (spec 001 section 2); trailing slashes match the same routes.
export default [
  index("routes/home.tsx"),
  route("products/:slug", "routes/product.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
