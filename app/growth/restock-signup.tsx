// PLACEHOLDER owned by the growth work: "Notify me when it returns" (sold-out deals).
import type { DealDetailsJson } from "../../server/services/catalog";
import type { ProductViewer } from "../product/viewer";

export type RestockSignupProps = { deal: DealDetailsJson; viewer: ProductViewer };

export function RestockSignup(_props: RestockSignupProps) {
  return null;
}
