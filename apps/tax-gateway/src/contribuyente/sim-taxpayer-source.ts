import { Injectable } from '@nestjs/common';
import { isValidRut, normalizeRut, tryNormalizeRut } from '@lib/rut';
import { TokenService } from '../auth/token.service';
import { SiiClient } from '../sii/sii-client';
import { siiBadResponse } from '../sii/sii-errors';
import { Giro, Representante, TaxpayerRecord, TaxpayerSource } from './taxpayer-source';

/**
 * {@link TaxpayerSource} backed by `GET /sim/contribuyente/{rut}` on SII_DTE_BASE_URL with the
 * tenant's token cookie; a token rejected with HTTP 401 is renewed once (TokenService.withToken).
 * The answer is checked field by field: anything malformed is a 502 `sii_bad_response`.
 */
@Injectable()
export class SimTaxpayerSource implements TaxpayerSource {
  constructor(
    private readonly sii: SiiClient,
    private readonly tokens: TokenService,
  ) {}

  async fetch(rut: string, tenant: string): Promise<TaxpayerRecord | undefined> {
    const raw = await this.tokens.withToken(tenant, (token) => this.sii.getSimTaxpayer(rut, token));
    return raw === undefined ? undefined : toRecord(raw);
  }
}

function toRecord(raw: unknown): TaxpayerRecord {
  const o = (raw ?? {}) as Record<string, unknown>;
  const text = (name: string, value: unknown = o[name]): string => {
    if (typeof value !== 'string' || !value.trim()) throw siiBadResponse('contribuyente', `field ${name} is missing`);
    return value.trim();
  };
  if (!isValidRut(o.rut)) throw siiBadResponse('contribuyente', 'field rut is not a valid RUT');
  const list = (name: string): Record<string, unknown>[] => {
    if (!Array.isArray(o[name])) throw siiBadResponse('contribuyente', `field ${name} is not a list`);
    return o[name] as Record<string, unknown>[];
  };
  const giros: Giro[] = list('giros').map((g) => ({
    codigo: text('giros.codigo', g?.codigo),
    descripcion: text('giros.descripcion', g?.descripcion),
  }));
  const representantes: Representante[] = list('representantes').map((r) => ({
    rut: tryNormalizeRut(r?.rut) ?? text('representantes.rut', r?.rut),
    nombre: text('representantes.nombre', r?.nombre),
  }));
  return {
    rut: normalizeRut(o.rut),
    razon_social: text('razon_social'),
    direccion: text('direccion'),
    comuna: text('comuna'),
    giros,
    representantes,
    estado: text('estado'),
    inicio_actividades: typeof o.inicio_actividades === 'string' ? o.inicio_actividades : undefined,
  };
}
