import type { UploadedDocument } from '../types';

/** A factura (33) of 1190 CLP as recorded at upload, for specs that record uploads by hand. */
export const documentoSubido = (emisor: string, folio: number, result: UploadedDocument['result']): UploadedDocument => ({
  emisor,
  tipo: 33,
  folio,
  receptor: '77777777-7',
  razonSocialEmisor: 'E',
  razonSocialReceptor: 'R',
  fechaEmision: '2026-11-02',
  montos: { exento: 0, neto: 1000, iva: 190, total: 1190 },
  referencias: [],
  result,
});
