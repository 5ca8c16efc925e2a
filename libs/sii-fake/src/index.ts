export { SiiFakeAuthority, type SiiFakeOptions, type ResolvedOptions } from './authority';
export { authorityKeyMaterial, type AuthorityKeyMaterial } from './authority-key';
export { SII_CERT_HOSTS, createSiiFakeHandlers } from './msw';
export { startSiiFakeServer, type SiiFakeServer } from './server';
export { contribuyenteFor, type Contribuyente } from './taxpayers';
export { parseMultipart, multipartBoundary, type MultipartPart } from './multipart';
export { stateAt, timeline } from './estup';
export type { FakeRequest, FakeResponse, EnvioState, UploadRecord, UploadedDocument, TokenRecord, SeedRecord, IssuedCaf } from './types';
export { BANK_API_HOST, BANCO_MAX_PER_PAGE, bancoCuentas, bancoMovimientosDelDia, type BancoCuenta, type BancoMovimiento } from './banco';
