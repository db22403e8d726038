/**
 * The page a form was posted from, to redirect back to it. A JavaScript submission reaches the
 * action at React Router's data URL, which is no page: /account/products/_.data for the page
 * /account/products/ (trailing slash), /account/products.data without one.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "") || "/";
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  return url;
}
