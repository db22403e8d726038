import { useEffect, useState } from "react";

/** False in the server's HTML and until React has hydrated the page, then true. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
