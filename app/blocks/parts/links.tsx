import { Link } from "react-router";

/** A json link is followed only when it is a site path or an http(s) URL. */
export const safeHref = (url: string | null | undefined): string | null =>
  url && (/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url)) ? url : null;

export const isExternal = (href: string) => /^https?:\/\//i.test(href);

export function SmartLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  return isExternal(href) ? (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}
