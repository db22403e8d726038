/**
 * Outgoing e-mail behind a small interface (DESIGN.md, providers). Messages are rendered when they
 * are enqueued in the outbox, so the outbox row itself is the readable copy of every e-mail; the
 * provider only delivers it. With SMTP_URL set, delivery goes over SMTP (nodemailer); otherwise the
 * "outbox" provider delivers nothing and staff read the messages at /staff/outbox/.
 */
export type MailMessage = {
  to: string;
  subject: string;
  /** Plain text: the body every client can read, and the one the staff outbox page shows. */
  text: string;
  html?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

export interface MailProvider {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Keeps e-mails in the outbox table only (the demo works offline). */
export function createOutboxMailProvider(): MailProvider {
  return { kind: "outbox", send: async () => {}, close: async () => {} };
}

type Transport = {
  sendMail(message: MailMessage & { from: string }): Promise<unknown>;
  close(): void;
};

/**
 * SMTP through nodemailer, e.g. smtp://user:pass@mail.example.com:587 or smtps://...:465.
 * nodemailer is loaded on first use, so processes without SMTP never pay for it.
 */
export function createSmtpMailProvider(options: { url: string; from: string }): MailProvider {
  let transport: Promise<Transport> | undefined;
  const open = () =>
    (transport ??= import("nodemailer").then(
      (nodemailer) => nodemailer.default.createTransport(options.url) as unknown as Transport,
    ));
  return {
    kind: "smtp",
    async send(message) {
      const t = await open();
      await t.sendMail({ from: options.from, ...message });
    },
    async close() {
      if (transport) (await transport).close();
      transport = undefined;
    },
  };
}

export function createMailProvider(config: { smtpUrl?: string; mailFrom: string }): MailProvider {
  return config.smtpUrl
    ? createSmtpMailProvider({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailProvider();
}
