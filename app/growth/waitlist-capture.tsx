// PLACEHOLDER owned by the growth work: waitlist e-mail capture (info / inactive deals).
import type { DealDetailsJson } from "../../server/services/catalog";
import type { ProductViewer } from "../product/viewer";

export type WaitlistCaptureProps = { deal: DealDetailsJson; viewer: ProductViewer };

export function WaitlistCapture(_props: WaitlistCaptureProps) {
  return null;
}
