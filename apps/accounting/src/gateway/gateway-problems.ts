/** OpenAPI specs of what a route answers when the gateway fails or answers what accounting cannot use (gateway.client.ts). */
export const GATEWAY_PROBLEMS = [502, 503, 504].map((status) => ({ status, errors: ['gateway_unavailable', 'gateway_bad_response'] }));
