import { redirect } from "react-router";
import { parseId } from "../../domain/ids";
import { REFUND_CHOOSE_LINES } from "../../domain/messages";
import { readForm } from "../../server/web/forms";
import { failure, invalid } from "../account/actions.server";
import { routeId, staffContext } from "./access.server";

type Args = {
  request: Request;
  context: Parameters<typeof staffContext>[0];
  params: { id?: string };
};

/**
 * The staff order page's refund: the chosen lines ("Refund selected", checkboxes named
 * invoice_items) or what is left of the order ("Refund the rest"), through the same service as
 * POST /api/staff/orders/{id}/refund/ (audited, e-mailed, through the provider).
 */
export async function refundOrderAction({ request, context, params }: Args) {
  const { services, user } = await staffContext(context, request);
  const id = await routeId({ services }, params.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "refund_selected");
  const chosen = form.getAll("invoice_items").map((v) => parseId(v));
  if (intent === "refund_selected" && chosen.length === 0) {
    return invalid(intent, { invoice_items: [REFUND_CHOOSE_LINES] });
  }
  // A value that is not an id names no line of this order: the service's own 400 says so.
  const ids = chosen.map((v) => v ?? 0);
  try {
    await services.staff.operations.refundOrder(
      { id: user.id, email: user.email, role: "staff" },
      id,
      intent === "refund_selected" ? ids : undefined,
    );
  } catch (err) {
    return failure(err, intent, (_status, detail) => detail ?? "The refund did not go through.");
  }
  return redirect(`/staff/orders/${id}/?notice=refunded`);
}
