/**
 * A multipart body is read by the handler itself (`request.parts()`), so Fastify leaves `body` unset, and
 * a route that takes a JSON body would see "no body" and validate `{}`. The platform sets this marker as
 * the body of multipart requests; the validation pipe answers 415 where a JSON body is expected.
 */
export const MULTIPART_BODY: unique symbol = Symbol('multipart body');
