import { Inject, Injectable } from '@nestjs/common';
import { pickFields } from '@lib/platform';
import { DteImageError, LOGO_LIMITS, normalizeLogo } from '@lib/dte';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { EmisorView, PutEmisorDto } from './dto/emisor.dto';
import { EmisorEntity, type Sucursal } from './entities/emisor.entity';
import { EmisoresStore } from './emisores.store';
import { TAX_SETTINGS, TaxSettings, type TaxEnv } from '../settings/tax-settings';

/** Issuer data of each tenant (docs/tax-gateway.md "Emisores"), required by emission. */
@Injectable()
export class EmisoresService {
  constructor(
    private readonly store: EmisoresStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  async get(tenant: string): Promise<EmisorView> {
    const row = await this.store.find(tenant);
    if (!row) throw notFound(tenant);
    return toEmisorView(row);
  }

  async put(tenant: string, dto: PutEmisorDto, caller?: string): Promise<EmisorView> {
    assertFechaEnRango(dto.fecha_resolucion, 'fecha_resolucion');
    assertResolucion(this.settings.taxEnv, dto.numero_resolucion);
    const sucursales = checkSucursales(dto);
    const logo = dto.logo_base64 === undefined ? null : await checkLogo(Buffer.from(dto.logo_base64, 'base64'));
    await this.store.upsert({
      tenant,
      fechaResolucion: dto.fecha_resolucion,
      numeroResolucion: dto.numero_resolucion,
      actecos: dto.actecos ?? [],
      codigoSucursal: dto.codigo_sucursal ?? null,
      sucursales,
      correoIntercambio: dto.correo_intercambio ?? null,
      logo,
      oficinaSii: dto.oficina_sii ?? null,
      updatedBy: caller ?? null,
      updatedAt: new Date(),
    });
    return this.get(tenant);
  }

  /** The record emission needs: a tenant without one cannot send a correct Caratula. */
  async forEmission(tenant: string): Promise<EmisorEntity> {
    const row = await this.store.find(tenant);
    if (!row) {
      throw new ProblemException(
        422,
        'emisor_incomplete',
        `Tenant ${tenant} has no issuer data: register its SII resolution (FchResol, NroResol) with PUT /tax/emisores/${tenant}.`,
      );
    }
    assertResolucion(this.settings.taxEnv, row.numeroResolucion);
    return row;
  }
}

/**
 * 0 in certification, the company's number in production (docs/research/sii-protocol.md §1): the SII ends an envío with another in RCT
 * "(CRT-3-19) Fecha/Numero Resolucion Invalido".
 */
function assertResolucion(env: TaxEnv, numero: number): void {
  if (env === 'cert' ? numero === 0 : numero > 0) return;
  const regla = env === 'cert' ? 'is 0 in certification (TAX_ENV=cert)' : "is the company's resolution number (> 0) in production";
  throw new ProblemException(
    422,
    'resolucion_invalid',
    `numero_resolucion ${numero}: NroResol ${regla}; the SII would reject the envío (CRT-3-19).`,
    {
      errors: [{ field: 'numero_resolucion', message: `NroResol ${regla}` }],
    },
  );
}

/** The branches to store; the default branch must be one of them (its address is what its DTEs carry). */
function checkSucursales(dto: PutEmisorDto): Sucursal[] {
  const sucursales = (dto.sucursales ?? []).map((s) => ({
    codigo: s.codigo,
    direccion: s.direccion,
    comuna: s.comuna,
    ciudad: s.ciudad ?? null,
  }));
  const repeated = sucursales.findIndex((s, i) => sucursales.findIndex((o) => o.codigo === s.codigo) !== i);
  if (repeated >= 0) {
    const message = `branch ${sucursales[repeated].codigo} is listed twice`;
    throw new ProblemException(422, 'sucursal_repeated', `sucursales: ${message}.`, {
      errors: [{ field: `sucursales.${repeated}.codigo`, message }],
    });
  }
  if (dto.codigo_sucursal !== undefined && !sucursales.some((s) => s.codigo === dto.codigo_sucursal)) {
    const message = `register branch ${dto.codigo_sucursal} with its address in sucursales`;
    throw new ProblemException(422, 'sucursal_unknown', `codigo_sucursal ${dto.codigo_sucursal}: ${message}.`, {
      errors: [{ field: 'codigo_sucursal', message }],
    });
  }
  return sucursales;
}

async function checkLogo(bytes: Buffer): Promise<Buffer> {
  try {
    return await normalizeLogo(bytes);
  } catch (err) {
    if (!(err instanceof DteImageError)) throw err;
    const limits = `a PNG or JPEG image of at most ${LOGO_LIMITS.maxBytes / 1024} KB and ${LOGO_LIMITS.maxSide} px a side`;
    throw new ProblemException(422, 'logo_invalid', `logo_base64 must be ${limits}: ${err.message}.`, {
      errors: [{ field: 'logo_base64', message: err.message }],
    });
  }
}

const notFound = (tenant: string) =>
  new ProblemException(404, 'emisor_not_found', `Tenant ${tenant} has no issuer data; create it with PUT /tax/emisores/${tenant}.`);

function toEmisorView(row: EmisorEntity): EmisorView {
  return {
    ...pickFields(row, 'tenant', 'actecos'),
    fecha_resolucion: row.fechaResolucion,
    numero_resolucion: row.numeroResolucion,
    codigo_sucursal: row.codigoSucursal,
    sucursales: row.sucursales.map((s) => ({
      codigo: s.codigo,
      direccion: s.direccion,
      comuna: s.comuna,
      ...(s.ciudad ? { ciudad: s.ciudad } : {}),
    })),
    correo_intercambio: row.correoIntercambio,
    oficina_sii: row.oficinaSii,
    logo_base64: row.logo ? row.logo.toString('base64') : null,
    updated_at: row.updatedAt.toISOString(),
  };
}
