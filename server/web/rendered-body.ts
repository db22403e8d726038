/**
 * A page React rendered whole (app/entry.server.tsx) travels as a web Response; its bytes ride
 * along on the object, so the server sends (and compresses, or caches) the one buffer instead of
 * reading it back through a web stream and a Node stream. Symbol.for: the React Router build and
 * the server bundle each carry their own copy of this module.
 */
const RENDERED_BODY = Symbol.for("payonce.renderedBody");

type WithBody = Response & { [RENDERED_BODY]?: Buffer };

/**
 * A Response of `body`, remembering the bytes. Its web body is a stream that hands over the bytes
 * only if read: a Response made of the bytes themselves copies them (200 KB for the product page)
 * in the constructor, for a body the server never reads.
 */
export function renderedResponse(body: Buffer, init: ResponseInit): Response {
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
  const lazy = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    },
    // Not pulled until read.
    { highWaterMark: 0 },
  );
  const response: WithBody = new Response(lazy, init);
  Object.defineProperty(response, RENDERED_BODY, { value: body });
  return response;
}

/** The bytes of a Response made by renderedResponse and not read since; else undefined. */
export function renderedBodyOf(response: Response): Buffer | undefined {
  if (response.bodyUsed) return undefined;
  return (response as WithBody)[RENDERED_BODY];
}
