import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AuditQuery,
  ChangesQuery,
  ModerationQuery,
  StaffListQuery,
  StaffRefundSchema,
  UserPatchSchema,
} from "../../../domain/schemas/staff";
import type { Services } from "../../services";
import { objectResponse, staffRouter, tableResponse } from "./common";

/** Staff: users, orders and refunds, the moderation queue, partners' proposals, the audit log. */
export const staffOperationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const ops = services.staff.operations;
  const partners = services.staff.partners;
  const route = staffRouter(app);

  route.get(
    "/api/staff/users/",
    {
      summary: "Users (query: e-mail, name, username or id; page)",
      querystring: StaffListQuery,
      response: tableResponse("A page of users"),
    },
    async ({ query }) => ops.listUsers(query),
  );
  route.patch(
    "/api/staff/users/:id/",
    {
      summary: "Staff flag, comment blacklist, verified e-mail, blocked login",
      id: "user",
      body: UserPatchSchema,
      response: objectResponse("The user"),
    },
    async ({ actor, id, body }) => ops.patchUser(actor, id, body),
  );

  route.get(
    "/api/staff/orders/",
    {
      summary: "Orders, newest first (query: buyer e-mail or order id; page)",
      querystring: StaffListQuery,
      response: tableResponse("A page of orders"),
    },
    async ({ query }) => ops.listOrders(query),
  );
  route.get(
    "/api/staff/orders/:id/",
    { summary: "One order with its lines", id: "order", response: objectResponse("The order") },
    async ({ id }) => ops.getOrder(id),
  );
  route.post(
    "/api/staff/orders/:id/refund/",
    {
      summary:
        "Refund chosen lines of an order (invoice_items; their add-ons follow), or without them what is left of it",
      id: "order",
      body: StaffRefundSchema,
      response: objectResponse("The refund and the order after it"),
    },
    async ({ actor, id, body }) => ops.refundOrder(actor, id, body.invoice_items),
  );

  route.get(
    "/api/staff/moderation/",
    {
      summary:
        "Reviews, questions and replies across deals by status (pending by default) and kind, oldest first",
      querystring: ModerationQuery,
      response: tableResponse("A page of the queue"),
    },
    async ({ query }) => ops.moderationQueue(query),
  );

  route.get(
    "/api/staff/changes/",
    {
      summary: "Partners' proposed changes (status, page), oldest first",
      querystring: ChangesQuery,
      response: tableResponse("A page of proposals"),
    },
    async ({ query }) => partners.staffProposals(query),
  );
  for (const decision of ["approve", "decline"] as const) {
    route.post(
      `/api/staff/changes/:id/${decision}/`,
      {
        summary:
          decision === "approve"
            ? "Approve a proposed change: it is applied at once"
            : "Decline a proposed change",
        id: "proposal",
        response: objectResponse("The proposal"),
      },
      async ({ actor, id }) => partners.decide(actor, id, decision),
    );
  }

  route.get(
    "/api/staff/audit/",
    {
      summary: "Who changed what, when, before and after (newest first)",
      querystring: AuditQuery,
      response: tableResponse("A page of the audit log"),
    },
    async ({ query }) => services.staff.audit.list(query.page),
  );
};
