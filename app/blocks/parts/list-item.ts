import { dataList } from "../../../domain/blocks";
import { safeHref } from "./links";

export type ListItem = {
  title: string;
  description?: string;
  icon?: string;
  image?: string;
  url?: string;
};

/** A block's json_data.items that have a title and a link we follow (lists of links to read). */
export const linkedItems = (data: Record<string, unknown>) =>
  dataList<ListItem>(data, "items").filter((i) => i.title && safeHref(i.url));
