import { dataString } from "../../../domain/blocks";
import { CountdownClock } from "../../ui/countdown";
import type { BlockProps } from "../block-props";
import { BlockSection } from "../shell";

/**
 * The countdown's own dates (json_data start_date / end_date). The deal's own timer is the
 * purchase panel's and the pricing card's; a block repeating it would make three clocks.
 */
function countdownDates(props: BlockProps) {
  const start = dataString(props.block.data, "start_date");
  const end = dataString(props.block.data, "end_date");
  return start || end ? { start, end } : null;
}

/**
 * The clock's "View all deals" link: json_data.collection_url (a path on this site), else
 * /collections/{collection_slug}/; none without either.
 */
export function countdownCollectionUrl(data: Record<string, unknown>): string | null {
  const url = dataString(data, "collection_url");
  if (url && /^\/(?!\/)/.test(url)) return url;
  const slug = dataString(data, "collection_slug");
  return slug && /^[a-z0-9-]+$/i.test(slug) ? `/collections/${slug}/` : null;
}

/** countdown_clock and inline_countdown_clock: "Starts in" / "Ends in" clocks. */
export function CountdownClockBlock(props: BlockProps) {
  const dates = countdownDates(props);
  if (!dates) return null;
  return (
    <BlockSection props={props}>
      <CountdownClock
        start={dates.start}
        end={dates.end}
        now={props.page.now}
        label={dataString(props.block.data, "label")}
        invertColors={props.block.data.invert_colors === true}
        collectionUrl={countdownCollectionUrl(props.block.data)}
        className={props.block.type === "countdown_clock" ? "justify-center py-5" : undefined}
      />
    </BlockSection>
  );
}
