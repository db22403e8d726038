/** A decorative picture (empty alt) loaded lazily, or nothing when there is no source. */
export function LazyImage({
  src,
  className,
}: {
  src: string | null | undefined;
  className: string;
}) {
  return src ? <img src={src} alt="" loading="lazy" className={className} /> : null;
}
