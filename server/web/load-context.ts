import type { Services } from "../services";
import type { SessionState } from "../services/accounts/sessions";
import type { PageCookies } from "./cookies";
import type { OutageCode } from "./outage";

/** What every React Router loader and action receives (through app/context.ts). */
export type AppLoadContext = {
  services: Services;
  session: SessionState | null;
  /** Client-safe settings (nothing secret goes here: it can end up in HTML). */
  publicConfig: {
    reportListingUrl: string;
    publicUrl: string;
    /** Whether "Continue with Google" can work (GOOGLE_CLIENT_ID and _SECRET are set). */
    googleSignIn?: boolean;
    /** The card form: the built-in test gateway's, or Stripe.js with the publishable key. */
    payments?: { provider: "test" | "stripe"; publishableKey: string | null };
  };
  /** Set-Cookie values for actions that sign in or out (the same cookies as the API sets). */
  cookies: PageCookies;
  /**
   * This response's CSP nonce (base64 of 16 random bytes): every inline <script> the page emits
   * must carry it (app/entry.server.tsx hands it to React Router and React).
   */
  cspNonce: string;
  /**
   * Set when this render is stored and shared by every reader of its audience (issue 32, decision
   * 059): loaders then leave out everything personal (name, e-mail, cart count, votes, owned
   * plans, posting prompts, the CSRF token), which the page fills per person after load.
   */
  sharedRender?: boolean;
  /** The client's address (rate limits in page actions); absent outside HTTP requests. */
  clientIp?: string;
  /**
   * Set by app/entry.server.tsx's handleError when a loader or action failed on an outage: the
   * page plugin (server/http/react-router.ts) then answers 503 instead of the 500 page.
   */
  outage?: OutageCode;
};
