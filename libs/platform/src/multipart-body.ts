/** Body of multipart requests (Fastify leaves it unset for `request.parts()`), so a JSON route answers 415 instead of validating `{}`. */
export const MULTIPART_BODY: unique symbol = Symbol('multipart body');
