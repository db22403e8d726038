import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AuditQuery,
  ChangesQuery,
  ModerationQuery,
  StaffListQuery,
  UserPatchSchema,
} from "../../../domain/schemas/staff";
import type { Services } from "../../services";
import { requireStaff } from "../guards";
import { errorResponses } from "../schemas";
import { actorOf, bodyOf, idParams, objectResponse, pathId, tableResponse } from "./common";

const tags = ["staff"];

/** Staff: users, orders and refunds, the moderation queue, partners' proposals, the audit log. */
export const staffOperationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const ops = services.staff.operations;
  const partners = services.staff.partners;

  app.get(
    "/api/staff/users/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Users (query: e-mail, name, username or id; page)",
        querystring: StaffListQuery,
        response: { 200: tableResponse("A page of users"), ...errorResponses },
      },
    },
    async (request) => ops.listUsers(request.query),
  );
  app.patch(
    "/api/staff/users/:id/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Staff flag, comment blacklist, verified e-mail, blocked login",
        params: idParams("user"),
        body: bodyOf(UserPatchSchema),
        response: { 200: objectResponse("The user"), ...errorResponses },
      },
    },
    async (request) =>
      ops.patchUser(actorOf(request, "staff"), pathId(request.params.id), request.body),
  );

  app.get(
    "/api/staff/orders/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Orders, newest first (query: buyer e-mail or order id; page)",
        querystring: StaffListQuery,
        response: { 200: tableResponse("A page of orders"), ...errorResponses },
      },
    },
    async (request) => ops.listOrders(request.query),
  );
  app.get(
    "/api/staff/orders/:id/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "One order with its lines",
        params: idParams("order"),
        response: { 200: objectResponse("The order"), ...errorResponses },
      },
    },
    async (request) => ops.getOrder(pathId(request.params.id)),
  );
  app.post(
    "/api/staff/orders/:id/refund/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Refund what is left of an order, through the buyer's refund rules",
        params: idParams("order"),
        response: { 200: objectResponse("The refund and the order after it"), ...errorResponses },
      },
    },
    async (request) => ops.refundOrder(actorOf(request, "staff"), pathId(request.params.id)),
  );

  app.get(
    "/api/staff/moderation/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary:
          "Reviews, questions and replies across deals by status (pending by default) and kind, oldest first",
        querystring: ModerationQuery,
        response: { 200: tableResponse("A page of the queue"), ...errorResponses },
      },
    },
    async (request) => ops.moderationQueue(request.query),
  );

  app.get(
    "/api/staff/changes/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Partners' proposed changes (status, page), oldest first",
        querystring: ChangesQuery,
        response: { 200: tableResponse("A page of proposals"), ...errorResponses },
      },
    },
    async (request) => partners.staffProposals(request.query),
  );
  for (const decision of ["approve", "decline"] as const) {
    app.post(
      `/api/staff/changes/:id/${decision}/`,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary:
            decision === "approve"
              ? "Approve a proposed change: it is applied at once"
              : "Decline a proposed change",
          params: idParams("proposal"),
          response: { 200: objectResponse("The proposal"), ...errorResponses },
        },
      },
      async (request) =>
        partners.decide(actorOf(request, "staff"), pathId(request.params.id), decision),
    );
  }

  app.get(
    "/api/staff/audit/",
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: "Who changed what, when, before and after (newest first)",
        querystring: AuditQuery,
        response: { 200: tableResponse("A page of the audit log"), ...errorResponses },
      },
    },
    async (request) => services.staff.audit.list(request.query.page),
  );
};
