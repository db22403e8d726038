import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { testConfig } from "../../server/config";
import { systemClock } from "../../server/providers/clock";
import { openTestDatabase } from "../helpers/app";

type Received = { from: string; to: string[]; raw: string };

// A real SMTP server on 127.0.0.1 (the smtp-server package), not a mock: the app's outbox worker
// delivers to it through nodemailer exactly as it would to a production relay.
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const port = (smtp.server.address() as AddressInfo).port;

const database = await openTestDatabase();
const app = await buildApp({
  config: testConfig({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: "Payonce <no-reply@payonce.test>",
    publicUrl: "https://payonce.example",
  }),
  database,
  clock: systemClock,
});

afterAll(async () => {
  await app.services.accounts.mail.close();
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read links. */
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

describe("e-mail over SMTP (SMTP_URL set)", () => {
  it("uses the SMTP provider", () => {
    expect(app.services.accounts.mail.kind).toBe("smtp");
  });

  it("delivers the verification e-mail of a sign-up to the SMTP server", async () => {
    const email = `smtp-${Date.now()}@example.test`;
    const res = await app.inject({
      method: "POST",
      url: "/api/users/signup/",
      payload: { email, password: "smtp password", password_confirm: "smtp password" },
    });
    expect(res.statusCode).toBe(201);
    while ((await app.services.outbox.runOnce()) > 0) {}
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail?.from).toBe("no-reply@payonce.test");
    const text = decode(mail?.raw ?? "");
    expect(text).toMatch(/Subject: Confirm your email address for Payonce/);
    const link = text.match(
      /https:\/\/payonce\.example\/account\/email\/verify\/([A-Za-z0-9_-]+)\//,
    );
    expect(link).not.toBeNull();
    // The link in the delivered e-mail verifies the address.
    expect(await app.services.accounts.verifyEmail(link?.[1] ?? "")).toEqual({ email });
  });

  it("delivers the password reset e-mail", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/users/password/reset/",
      payload: { email: "shopper@payonce.test" },
    });
    expect(res.statusCode).toBe(200);
    while ((await app.services.outbox.runOnce()) > 0) {}
    const mail = received.find((m) => m.to.includes("shopper@payonce.test"));
    const text = decode(mail?.raw ?? "");
    expect(text).toMatch(/Subject: Reset your Payonce password/);
    expect(text).toMatch(/https:\/\/payonce\.example\/accounts\/password\/reset\/[A-Za-z0-9_-]+\//);
  });

  it("keeps a message for retry when the SMTP server refuses it", async () => {
    const { createSmtpMailProvider } = await import("../../server/providers/mail");
    const dead = createSmtpMailProvider({ url: "smtp://127.0.0.1:1", from: "x@payonce.test" });
    await expect(dead.send({ to: "a@example.test", subject: "s", text: "t" })).rejects.toThrow();
    await dead.close();
  });
});
