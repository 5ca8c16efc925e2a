import type { ReferenciaInput } from '@lib/dte';
import { DevIssuer } from './spec-support/dev-issuer';

const HOY = '2026-01-02';
const ref = (tipo_doc: string, folio: string, codigo?: 1 | 2 | 3): ReferenciaInput => ({
  tipo_doc,
  folio,
  fecha: HOY,
  codigo,
  razon: 'Motivo',
});
const SET: ReferenciaInput = { tipo_doc: 'SET', folio: '0', fecha: HOY, razon: 'CASO 1' };

// Each test builds a nota de crédito, breaks one rule of its references, has the dev signer stamp and sign it and
// uploads it: the stand-in rejects it (RCH) at EPR with its own code (referencia-checks.ts).
describe('the references of a note (SII Formato DTE v2.2 §2.1 zones, §E TpoDocRef, CodRef)', () => {
  let issuer: DevIssuer;
  beforeAll(async () => {
    issuer = await DevIssuer.start();
  }, 60_000);
  afterAll(() => issuer?.stop());

  const nota = (referencias: ReferenciaInput[]) => issuer.emitir(issuer.documento(61, { referencias }));

  it('accepts a note that references the document it modifies with CodRef, beside a certification SET reference', async () => {
    const r = await nota([SET, ref('33', '1', 3)]);
    expect(r).toMatchObject({ status: 0, estado: 'EPR', aceptados: 1, documento: { result: 'DOK' } });
  });

  it('rejects a note whose only reference is not a tax document (TpoDocRef SET)', async () => {
    const r = await nota([SET]);
    expect(r).toMatchObject({
      status: 0,
      rechazados: 1,
      documento: { result: 'RCH', detail: '(REF) Nota sin referencia al documento tributario que modifica' },
    });
  });

  it('rejects a note whose reference to the document carries no CodRef', async () => {
    const r = await nota([ref('33', '1')]);
    expect(r).toMatchObject({
      rechazados: 1,
      documento: { result: 'RCH', detail: '(REF) Nota sin CodRef en la referencia al documento que modifica' },
    });
  });

  it('rejects an annulment (CodRef 1) that references more than one document', async () => {
    const r = await nota([ref('33', '1', 1), ref('33', '2', 1)]);
    expect(r).toMatchObject({
      rechazados: 1,
      documento: { result: 'RCH', detail: '(REF) CodRef 1 o 2 con mas de un documento de referencia' },
    });
  });
});
