import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE, buildProblem, problemTitle } from '@lib/schemas';
import { toProblem } from './problem.filter';

interface ProblemReply {
  status(code: number): ProblemReply;
  header(name: string, value: string): ProblemReply;
  send(body: string): unknown;
}

/** Fastify's errors before any Nest code (`frameworkErrors`); bad percent-encoding answers without the path, which Fastify echoes. */
export function frameworkErrorHandler(error: Error & { code?: string }, _request: unknown, reply: unknown): void {
  let problem = toProblem(error).problem;
  if (error.code === 'FST_ERR_BAD_URL') problem = buildProblem(400, 'invalid_url', 'The request path is not valid percent-encoding.');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') problem = buildProblem(414, 'uri_too_long', 'A segment of the request path is too long.');
  void (reply as ProblemReply).status(problem.status).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

const CLIENT_ERRORS: Record<string, { status: number; error: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: 'headers_too_large', detail: 'The request line and headers exceed the size limit.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'request_timeout', detail: 'The request was not received in time.' },
};

/** Node's HTTP parser errors (431, 408, else 400): no request exists yet, so problem+json is written to the socket, then closed. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (err.code && CLIENT_ERRORS[err.code]) || {
    status: 400,
    error: 'malformed_request',
    detail: 'The HTTP request is malformed.',
  };
  const body = JSON.stringify(buildProblem(known.status, known.error, known.detail));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${problemTitle(known.status)}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
