import { loadTaxSettings } from '../settings/tax-settings';
import { SiiTokenInvalidError } from '../sii/sii-errors';
import type { PortalSessionAnswer, SignerClient } from '../signer/signer-client';
import { SesionCertificado, cookieHeader } from './sesion-certificado';

function setup() {
  let n = 0;
  const portalSession = jest.fn(async (): Promise<PortalSessionAnswer> => {
    n++;
    return { rut: '11111111-1', cookies: [{ name: 'TOKEN', value: `T${n}`, domain: 'sii.cl', path: '/' }] };
  });
  const sesion = new SesionCertificado({ portalSession } as unknown as SignerClient, loadTaxSettings({ SIGNER_KEY: 'k' }));
  return { sesion, portalSession };
}

describe('SesionCertificado (the platform’s SII portal session)', () => {
  it('logs in once for concurrent jobs and reuses the session', async () => {
    const { sesion, portalSession } = setup();
    const seen = await Promise.all([1, 2, 3].map(() => sesion.withCookies(async (c) => cookieHeader(c))));
    expect(seen).toEqual(['TOKEN=T1', 'TOKEN=T1', 'TOKEN=T1']);
    expect(await sesion.withCookies(async (c) => cookieHeader(c))).toBe('TOKEN=T1');
    expect(portalSession).toHaveBeenCalledTimes(1);
    expect(portalSession).toHaveBeenCalledWith('https://zeus.sii.cl/');
  });

  it('logs in again once when the portal says the session is dead, and gives up after the second', async () => {
    const { sesion, portalSession } = setup();
    const tried: string[] = [];
    const dead = (c: { value: string }[]) => {
      tried.push(c[0].value);
      throw new SiiTokenInvalidError('portal', 'NO ESTA AUTENTICADO');
    };
    await expect(sesion.withCookies(async (c) => dead(c))).rejects.toBeInstanceOf(SiiTokenInvalidError);
    expect(tried).toEqual(['T1', 'T2']);
    expect(portalSession).toHaveBeenCalledTimes(2);
    expect(await sesion.withCookies(async (c) => cookieHeader(c))).toBe('TOKEN=T2');
  });

  it('does not keep a failed login', async () => {
    const { sesion, portalSession } = setup();
    portalSession.mockRejectedValueOnce(new Error('signer down'));
    await expect(sesion.withCookies(async () => 'x')).rejects.toThrow('signer down');
    expect(await sesion.withCookies(async (c) => cookieHeader(c))).toBe('TOKEN=T1');
  });
});
