// The share popover (desktop) and share modal (phones) of spec 000 (sections 2, 4, 8 and 9).
import { cloneElement, lazy, Suspense, useEffect, useRef, useState } from "react";
import { INCENTIVIZED_SHARE_MIN_PURCHASES } from "../../domain/constants";
import {
  incentivizedShareDiscount,
  type ShareNetwork,
  shareTargetUrl,
  withShareRef,
} from "../../domain/growth";
import {
  LINK_COPIED,
  LINK_COPY_FAILED,
  SHARE_LINK_FAILED,
  shareAndGet,
} from "../../domain/messages";
import { cx } from "../ui/format";
import { Use } from "../ui/icons";
import { postJson } from "./api";
import { useGrowthRootData } from "./experiments";

export type ShareControlProps = {
  /** Share-kind of the short link ("deal", "review", "question"...). */
  kind: string;
  /** Key of the shared thing (the deal slug for a deal). */
  shareKey: string;
  /** Absolute or same-site URL being shared. */
  url: string;
  title: string;
  /** The ?ref= the shared link carries (spec: ?ref={discussionType}); the kind by default. */
  shareRef?: string;
  /** The popover's heading; "Share this deal" by default. */
  heading?: string;
  /** Offer "Share & get {discount}" when the viewer qualifies (deals); off for reviews. */
  incentive?: boolean;
  /** A smaller, borderless button for the row of actions on a review or question card. */
  compact?: boolean;
};

/** The Radix popover / modal, loaded on the first hover, focus or click of the button. */
const loadShareSurface = () => import("./share-surface");
const ShareSurface = lazy(loadShareSurface);

type LinkState =
  | { status: "idle" }
  | { status: "generating" }
  | { status: "failed" }
  | { status: "ready"; link: string };

/** The popover on wide screens, the modal below this width. */
const PHONE_QUERY = "(max-width: 767px)";
/** Phones and tablets (touch first) get the native share sheet, where the browser has one. */
const TOUCH_QUERY = "(pointer: coarse)";

const NETWORKS: { id: ShareNetwork; label: string }[] = [
  { id: "email", label: "Email" },
  { id: "facebook", label: "Facebook" },
  { id: "linkedin", label: "LinkedIn" },
  { id: "twitter", label: "X (Twitter)" },
];

type RewardCampaign = { reward_type: string; discount_display?: string | null };

/**
 * "Share & get {discount}" for users with 2+ purchases when both a give and a receive reward
 * campaign exist (GET /api/rewards/share-campaigns/); null (plain "Share") otherwise or when the
 * call fails.
 */
function useIncentive(purchases: number, wanted: boolean): string | null {
  const [discount, setDiscount] = useState<string | null>(null);
  useEffect(() => {
    // Nobody under the purchase threshold asks for the campaigns, nor a control without the offer
    // (every review card on a list has one).
    if (!wanted || purchases < INCENTIVIZED_SHARE_MIN_PURCHASES) return;
    let live = true;
    fetch("/api/rewards/share-campaigns/", { credentials: "same-origin" })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        // {eligible, give, receive, discount_display} (server/http/commerce/rewards.ts); the rule is
        // checked here again so the button never claims more than the server gives.
        const b = (body ?? {}) as { give?: RewardCampaign | null; receive?: RewardCampaign | null };
        const list = [b.give, b.receive].filter((c): c is RewardCampaign => Boolean(c));
        if (live) setDiscount(incentivizedShareDiscount(purchases, list));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [purchases, wanted]);
  return discount;
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
      <Use id="share" />
    </svg>
  );
}

function ShareOptions({
  state,
  title,
  native,
  onCopy,
  copyMessage,
  onNative,
}: {
  state: LinkState;
  title: string;
  native: boolean;
  onCopy: () => void;
  copyMessage: { text: string; ok: boolean } | null;
  onNative: () => void;
}) {
  if (state.status === "failed") {
    return (
      <p role="alert" className="text-sm font-medium text-rose-700">
        {SHARE_LINK_FAILED}
      </p>
    );
  }
  if (state.status !== "ready") {
    return (
      <p role="status" className="text-sm text-ink-soft">
        Creating your link...
      </p>
    );
  }
  const item =
    "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold hover:bg-stone-100";
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={state.link}
          aria-label="Share link"
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-full border border-black/10 bg-stone-50 px-4 text-sm"
        />
        <button
          type="button"
          onClick={onCopy}
          className="h-10 shrink-0 rounded-full bg-ink px-4 text-sm font-bold text-white hover:bg-black"
        >
          Copy link
        </button>
      </div>
      {copyMessage ? (
        <p
          role={copyMessage.ok ? "status" : "alert"}
          className={cx(
            "text-sm font-medium",
            copyMessage.ok ? "text-emerald-700" : "text-rose-700",
          )}
        >
          {copyMessage.text}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-1">
        {NETWORKS.map((n) => (
          <li key={n.id}>
            <a
              href={shareTargetUrl(n.id, state.link, title)}
              target={n.id === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              className={item}
            >
              {n.label}
            </a>
          </li>
        ))}
        {native ? (
          <li className="col-span-2">
            <button type="button" onClick={onNative} className={item}>
              More options
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/**
 * Share a deal (or review, question): opening it creates the short link
 * (POST /api/short-links/{kind}/{key}/, the link carrying ?ref=), then offers copy, e-mail,
 * Facebook, LinkedIn, X and, on phones and tablets, the native share sheet. A popover on wide
 * screens, a modal on phones. If the link cannot be made: "Failed to generate share link. Please
 * try again." and nothing is shared.
 */
export function ShareControl({
  kind,
  shareKey,
  url,
  title,
  shareRef,
  heading = "Share this deal",
  incentive: offerIncentive = true,
  compact = false,
}: ShareControlProps) {
  const growth = useGrowthRootData();
  const incentive = useIncentive(growth?.purchases ?? 0, offerIncentive);
  const [open, setOpen] = useState(false);
  const [surfaceWanted, setSurfaceWanted] = useState(false);
  const [asModal, setAsModal] = useState(false);
  const [native, setNative] = useState(false);
  const [state, setState] = useState<LinkState>({ status: "idle" });
  const [copyMessage, setCopyMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const request = useRef<Promise<string | null> | null>(null);

  // Modal or popover, and the native sheet, are decided when the control opens (onOpenChange):
  // nothing to set after hydration.
  /** The short link, made once per control (a failure may be retried by opening again). */
  function shortLink(): Promise<string | null> {
    if (request.current) return request.current;
    setState({ status: "generating" });
    const link = withShareRef(url, shareRef ?? kind);
    request.current = postJson(
      `/api/short-links/${encodeURIComponent(kind)}/${encodeURIComponent(shareKey)}/`,
      // The session's experiment buckets are added by the server (never in the page's data).
      { link },
    )
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { url?: string };
        if (!body.url) throw new Error("no url");
        setState({ status: "ready", link: body.url });
        return body.url;
      })
      .catch(() => {
        request.current = null;
        setState({ status: "failed" });
        return null;
      });
    return request.current;
  }

  function onOpenChange(next: boolean) {
    if (next) {
      setAsModal(window.matchMedia(PHONE_QUERY).matches);
      setNative(typeof navigator.share === "function" && window.matchMedia(TOUCH_QUERY).matches);
      setCopyMessage(null);
      void shortLink();
    }
    setOpen(next);
  }

  async function onCopy() {
    if (state.status !== "ready") return;
    try {
      await navigator.clipboard.writeText(state.link);
      setCopyMessage({ text: LINK_COPIED, ok: true });
    } catch {
      setCopyMessage({ text: LINK_COPY_FAILED, ok: false });
    }
  }

  async function onNative() {
    const link = await shortLink();
    if (!link) return;
    try {
      await navigator.share({ title, url: link });
    } catch {
      // The visitor closed the sheet.
    }
  }

  const trigger = (
    <button
      type="button"
      className={
        compact
          ? "link-button"
          : "inline-flex items-center gap-2 rounded-full border border-black/10 bg-white px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-stone-50"
      }
    >
      <ShareIcon />
      {incentive ? shareAndGet(incentive) : "Share"}
    </button>
  );
  const body = (
    <ShareOptions
      state={state}
      title={title}
      native={native}
      onCopy={onCopy}
      copyMessage={copyMessage}
      onNative={onNative}
    />
  );

  if (!surfaceWanted) {
    // Before the first open: a plain button, no Radix (the popover's positioning code alone is
    // ~10 KB gz); hovering or focusing it starts loading the surface so the click feels instant.
    return cloneElement(trigger, {
      "aria-haspopup": "dialog",
      "aria-expanded": false,
      onPointerEnter: loadShareSurface,
      onFocus: loadShareSurface,
      onClick: () => {
        setSurfaceWanted(true);
        onOpenChange(true);
      },
    });
  }
  return (
    <Suspense fallback={trigger}>
      <ShareSurface
        asModal={asModal}
        open={open}
        onOpenChange={onOpenChange}
        trigger={trigger}
        title={title}
        heading={heading}
      >
        {body}
      </ShareSurface>
    </Suspense>
  );
}
