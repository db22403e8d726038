/**
 * A page action's form. The app-wide NUL rule (server/http/input-guard.ts) reads urlencoded page
 * bodies before React Router does, but a multipart page body reaches React Router as a stream (a
 * review's video may be large), so the rule is applied here as the fields are read: a NUL in a
 * field's name or text value is a 400, like a urlencoded one, never a database error. A body
 * that does not parse as its content type says is a 400 too. Files may hold any bytes.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest();
  }
  for (const [key, value] of form) {
    if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000")))
      throw badRequest();
  }
  return form;
}

// The input guard's page answer; thrown, React Router answers it as the route's error.
const badRequest = () =>
  new Response("Bad Request", { status: 400, headers: { "Content-Type": "text/plain" } });
