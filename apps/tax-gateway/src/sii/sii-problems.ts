/** OpenAPI specs of the upstream problems of any route that reaches the SII and the signer. */
export const UPSTREAM_PROBLEMS = [
  { status: 502, errors: ['sii_rejected', 'sii_bad_response', 'sii_already_received', 'signer_error'] },
  { status: 503, errors: ['sii_unavailable', 'signer_unavailable'] },
  { status: 504, errors: ['sii_timeout', 'signer_timeout'] },
];

/** OpenAPI specs of the problems of a route that reaches only the signer. */
export const SIGNER_PROBLEMS = [
  { status: 502, errors: ['signer_error'] },
  { status: 503, errors: ['signer_unavailable'] },
  { status: 504, errors: ['signer_timeout'] },
];

/** What a route that sends a stored document again answers (POST /tax/dte/{id}/reenviar, POST /tax/boleta/{id}/reenviar). */
export const REENVIO_PROBLEMS = [
  400,
  401,
  403,
  { status: 404, errors: ['emission_not_found'] },
  { status: 409, errors: ['not_resendable'] },
  { status: 429, errors: ['rate_limited'] },
  ...UPSTREAM_PROBLEMS,
];

/** What a route that emits a document answers (POST /tax/dte/emitir, POST /tax/boleta/emitir): its type's own 422s besides these. */
export function emisionProblems(rules422: string[], more500: string[] = []) {
  return [
    400,
    401,
    403,
    { status: 404, errors: ['taxpayer_not_found'] },
    { status: 409, errors: ['caf_missing'] },
    {
      status: 422,
      errors: [
        'fecha_out_of_range',
        'fecha_emision_future',
        'fecha_before_caf',
        ...rules422,
        'caf_environment_mismatch',
        'emisor_incomplete',
        'dte_invalid',
        'taxpayer_incomplete',
      ],
    },
    { status: 429, errors: ['rate_limited'] },
    { status: 500, errors: [...more500, 'internal_error'] },
    ...UPSTREAM_PROBLEMS,
  ];
}
