/**
 * A page React rendered whole (app/entry.server.tsx) travels as a web Response; its bytes ride
 * along on the object, so the server sends (and compresses, or caches) the one buffer instead of
 * reading it back through a web stream and a Node stream. Symbol.for: the React Router build and
 * the server bundle each carry their own copy of this module.
 */
const RENDERED_BODY = Symbol.for("payonce.renderedBody");

type WithBody = Response & { [RENDERED_BODY]?: Buffer };

/** A Response of `body`, remembering the bytes. */
export function renderedResponse(body: Buffer, init: ResponseInit): Response {
  const response: WithBody = new Response(
    new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    init,
  );
  Object.defineProperty(response, RENDERED_BODY, { value: body });
  return response;
}

/** The bytes of a Response made by renderedResponse and not read since; else undefined. */
export function renderedBodyOf(response: Response): Buffer | undefined {
  if (response.bodyUsed) return undefined;
  return (response as WithBody)[RENDERED_BODY];
}
