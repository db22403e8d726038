import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outbox as outboxTable } from "../../db/schema";
import type { MailMessage } from "../../providers/mail";

/** The e-mails in the outbox, newest first, for the staff page. */
export async function outboxEmails(db: Db, limit = 100) {
  const rows = await db
    .select({
      id: outboxTable.id,
      topic: outboxTable.topic,
      payload: outboxTable.payload,
      status: outboxTable.status,
      attempts: outboxTable.attempts,
      lastError: outboxTable.lastError,
      createdAt: outboxTable.createdAt,
      doneAt: outboxTable.doneAt,
    })
    .from(outboxTable)
    .where(eq(outboxTable.kind, "email"))
    .orderBy(desc(outboxTable.id))
    .limit(limit);
  return rows.map((r) => {
    const p = r.payload as Partial<MailMessage> & { template?: string };
    return {
      id: r.id,
      topic: r.topic,
      template: p.template ?? null,
      to: String(p.to ?? ""),
      subject: String(p.subject ?? ""),
      text: String(p.text ?? ""),
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt,
      doneAt: r.doneAt,
    };
  });
}
