// What the discussion pages (app/discussions) use of the discussions area besides the service.
export { itemIdFromSegment } from "../services/discussions/ids";
export { displayPath } from "../services/discussions/item-paths";
export { basedOnLabel } from "../services/discussions/summary";
export { postingBodyOf } from "./posting-body";
