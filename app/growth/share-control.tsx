// PLACEHOLDER owned by the growth work: the share popover / modal.
export type ShareControlProps = {
  /** Share-kind of the short link ("deal", "review", "question"...). */
  kind: string;
  /** Key of the shared thing (the deal slug for a deal). */
  shareKey: string;
  /** Absolute or same-site URL being shared. */
  url: string;
  title: string;
};

export function ShareControl({ url }: ShareControlProps) {
  return (
    <a href={url} className="text-sm font-semibold underline">
      Share
    </a>
  );
}
