import type { SessionState } from "../services/accounts/sessions";
import type { CartActor } from "../services/commerce/cart";

/**
 * The cart's owner as a session names it: the signed-in user, else the anonymous session. Both
 * doors (the cart API and the cart pages) derive it here.
 */
export function cartActorOf(session: SessionState | null): CartActor {
  return {
    sessionId: session?.id ?? null,
    user: session?.user
      ? {
          id: session.user.id,
          email: session.user.email,
          emailVerified: session.user.emailVerified,
          hasPlus: session.user.hasPlus,
          isStaff: session.user.isStaff,
        }
      : null,
  };
}
