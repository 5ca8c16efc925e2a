import { DataSource } from 'typeorm';
import { HOSTILE_TEXTS, hostileImages, validImages, type SecondOrderCase, type SendChecked } from '@lib/testing';
import { EMISOR_CERTIFICACION, facturaBody } from './harness';

const base64Of = (images: Record<string, Buffer>) => Object.fromEntries(Object.entries(images).map(([k, v]) => [k, v.toString('base64')]));
const LOGOS = { ...base64Of(hostileImages()), ...base64Of(validImages()) };

/** Emits a fresh factura of `tenant` (optionally with other fields) and prints it, both copies; the emission id or undefined. */
async function emitAndPrint(send: SendChecked, tenant: string, overrides: Record<string, unknown> = {}): Promise<string | undefined> {
  const res = await send({ method: 'POST', url: '/tax/dte/emitir', payload: facturaBody(tenant, overrides) });
  if (res.status !== 201) return undefined;
  const id = res.json().emision_id as string;
  for (const url of [`/tax/dte/${id}/pdf`, `/tax/dte/${id}/pdf?cedible=true`, `/tax/dte/get/${id}`, `/tax/dte/${id}/intercambio`]) {
    await send({ method: 'GET', url });
  }
  return id;
}

/** A fresh reception by `receptor` of a factura `tenant` emitted to it: the recepcion id. */
async function freshRecepcion(send: SendChecked, tenant: string, receptor: string): Promise<string> {
  const emitted = await send({ method: 'POST', url: '/tax/dte/emitir', payload: facturaBody(tenant) });
  const intercambio = await send({ method: 'GET', url: `/tax/dte/${emitted.json().emision_id}/intercambio` });
  const xml = Buffer.from(intercambio.body, 'latin1').toString('base64');
  const recibido = await send({ method: 'POST', url: '/tax/recepcion/dte', payload: { tenant: receptor, xml_base64: xml } });
  return recibido.json().documentos[0].recepcion_id as string;
}

/**
 * The gateway's second-order cases (issue 17): logos, offices, receptor names, glosas and recintos stored with a
 * hostile value, then printed, signed or read back. `tenant` has issuer data and a CAF 33; `receptor` receives.
 */
export function gatewaySecondOrder(tenant: string, receptor: string): SecondOrderCase[] {
  let recepcionId = '';
  const readRecepcion = async (send: SendChecked) => {
    await send({ method: 'GET', url: `/tax/recepcion/${recepcionId}` });
    await send({ method: 'GET', url: `/tax/recepcion?tenant=${receptor}` });
  };
  const print = async (send: SendChecked) => void (await emitAndPrint(send, tenant));
  return [
    {
      label: 'logo (PUT /tax/emisores/{tenant}) -> PDF',
      values: LOGOS,
      store: async (send, logo) =>
        void (await send({ method: 'PUT', url: `/tax/emisores/${tenant}`, payload: { ...EMISOR_CERTIFICACION, logo_base64: logo } })),
      use: print,
    },
    {
      label: 'logo stored before it was checked (database) -> PDF',
      values: LOGOS,
      store: async (_send, logo, started) =>
        void (await started.app
          .get(DataSource)
          .query('UPDATE emisor SET logo = $2 WHERE tenant = $1', [tenant, Buffer.from(logo as string, 'base64')])),
      use: print,
    },
    {
      label: 'oficina_sii (PUT /tax/emisores/{tenant}) -> PDF',
      values: HOSTILE_TEXTS,
      store: async (send, oficina) =>
        void (await send({ method: 'PUT', url: `/tax/emisores/${tenant}`, payload: { ...EMISOR_CERTIFICACION, oficina_sii: oficina } })),
      use: print,
    },
    {
      label: 'receptor and line names (POST /tax/dte/emitir) -> PDF, XML, intercambio',
      values: HOSTILE_TEXTS,
      store: async (send, text) => {
        await send({ method: 'PUT', url: `/tax/emisores/${tenant}`, payload: EMISOR_CERTIFICACION });
        const receptor = { rut: '77777777-7', razon_social: text, giro: text, direccion: text, comuna: 'Santiago' };
        await emitAndPrint(send, tenant, { receptor, detalle: [{ nombre: text, descripcion: text, cantidad: 1, precio_unitario: 1000 }] });
      },
      use: async () => undefined,
    },
    {
      label: 'glosa (POST /tax/recepcion/{id}/resultado) -> the reception read back',
      values: HOSTILE_TEXTS,
      store: async (send, glosa) => {
        recepcionId = await freshRecepcion(send, tenant, receptor);
        await send({ method: 'POST', url: `/tax/recepcion/${recepcionId}/resultado`, payload: { estado: 'aceptado_con_reparos', glosa } });
      },
      use: readRecepcion,
    },
    {
      label: 'recinto (POST /tax/recepcion/{id}/recibo) -> the reception read back',
      values: HOSTILE_TEXTS,
      store: async (send, recinto) => {
        recepcionId = await freshRecepcion(send, tenant, receptor);
        await send({ method: 'POST', url: `/tax/recepcion/${recepcionId}/recibo`, payload: { recinto } });
      },
      use: readRecepcion,
    },
  ];
}
