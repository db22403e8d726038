import { describe, expect, it } from "vitest";
import { readForm } from "./forms";

const multipart = (body: string) =>
  new Request("http://localhost/cart", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=b" },
    body,
  });
const part = (name: string, value: string, extra = "") =>
  `--b\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;

describe("readForm", () => {
  it("reads a multipart form", async () => {
    const form = await readForm(multipart(`${part("intent", "coupon")}--b--\r\n`));
    expect(form.get("intent")).toBe("coupon");
  });

  it("refuses a NUL in a text field or a field name with a 400", async () => {
    for (const body of [part("code", "a\u0000b"), part("a\u0000b", "x")]) {
      const refused = await readForm(multipart(`${body}--b--\r\n`)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(400);
    }
  });

  it("lets a file hold any bytes", async () => {
    const file = part("video_file", "\u0000\u0001", '; filename="v.mp4"');
    const form = await readForm(multipart(`${file}--b--\r\n`));
    expect(form.get("video_file")).toBeInstanceOf(File);
  });

  it("answers a body that does not parse with a 400", async () => {
    const refused = await readForm(multipart(part("intent", "remove"))).catch((e: unknown) => e);
    expect((refused as Response).status).toBe(400);
  });
});
