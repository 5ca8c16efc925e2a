import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import {
  RUT_CONSUMIDOR_FINAL,
  TASA_IVA,
  TIPOS_BOLETA,
  buildBoleta,
  buildDd,
  ddInputFromBoleta,
  encodeLatin1,
  santiagoDate,
  santiagoTimestamp,
  totalesBoleta,
  type BoletaInput,
  type MontosBoleta,
} from '@lib/dte';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { BoletaView, EmitirBoletaDto } from '@lib/contracts';
import { CafEntity } from '../caf/entities/caf.entity';
import { EmisionContexto, type Contexto } from '../dte/emision-contexto';
import { asDteProblem, asDteProblemAsync, emisorFrom } from '../dte/emision-rules';
import { EmisionStore } from '../dte/emision.store';
import { EnvioBuilder } from '../dte/envio-builder';
import { EmisionEntity, toMontosView, toReceptorView } from '../dte/entities/emision.entity';
import { BoletaEnvios } from './boleta-envios';

/** A boleta's receptor as stored: the anonymous consumer when the buyer gave nothing (docs/research/boletas.md §2). */
interface ReceptorBoleta {
  rut: string;
  razonSocial: string;
  fuente: 'sii' | 'solicitud';
}

// docs/tax-gateway.md "Boletas": folio, TED and signature in one transaction (a failure leaves no row and no folio used), answered
// `signed`; BoletaEnvios sends it with the tenant's other boletas of the moment.
@Injectable()
export class BoletaService {
  private readonly logger = new Logger(BoletaService.name);

  constructor(
    private readonly contexto: EmisionContexto,
    private readonly builder: EnvioBuilder,
    private readonly store: EmisionStore,
    private readonly envios: BoletaEnvios,
  ) {}

  async emit(dto: EmitirBoletaDto, caller?: string): Promise<BoletaView> {
    const fecha = dto.fecha_emision ?? santiagoDate();
    assertFechaEnRango(fecha, 'fecha_emision');
    const montos = asDteProblem(() => totalesBoleta(dto.tipo_dte, dto.detalle));
    const receptor = await this.receptorOf(dto);
    const ctx = await this.contexto.load(dto.tenant);
    const input = boletaInput(dto, fecha, receptor, ctx);
    const boleta = await this.store.transaction(async (m) => {
      const { caf, folio } = await this.contexto.takeFolio(m, dto.tenant, dto.tipo_dte, fecha);
      const xml = await asDteProblemAsync(() => this.sign({ ...input, folio }, caf));
      const entity = nuevaBoleta(dto, { folio, cafId: caf.id, fecha, montos, receptor, rutEnvia: ctx.cert.holder_rut, xml, caller });
      await this.store.insert(m, entity);
      return entity;
    });
    this.logger.log(`boleta ${boleta.id}: ${boleta.tenant} F${boleta.folio}T${boleta.tipoDte} signed`);
    this.envios.schedule(dto.tenant);
    return toBoletaView(boleta);
  }

  /** Back to `signed` and out at once with the tenant's waiting boletas; its bytes and folio are the ones signed at emission. */
  async resend(id: string): Promise<BoletaView> {
    const b = await this.store.find(id);
    if (!b || !(TIPOS_BOLETA as readonly number[]).includes(b.tipoDte)) {
      throw new ProblemException(404, 'emission_not_found', `No boleta ${id}.`);
    }
    if (b.estado !== 'upload_failed') {
      throw new ProblemException(409, 'not_resendable', `Boleta ${id} is ${b.estado}; only a boleta whose envío failed is sent again.`, {
        estado: b.estado,
      });
    }
    await this.store.transition(id, 'signed', {}, { reenvio: true });
    await this.envios.flush(b.tenant);
    return toBoletaView((await this.store.find(id)) as EmisionEntity);
  }

  /** The signed `<DTE>` as ISO-8859-1 bytes, as it will sit in its EnvioBOLETA. */
  private async sign(b: BoletaInput, caf: CafEntity, now = new Date()): Promise<Buffer> {
    const tsted = santiagoTimestamp(now);
    const ted = await this.builder.timbre(buildDd(ddInputFromBoleta(b, caf.cafXml.toString('latin1'), tsted)), caf);
    return encodeLatin1(await this.builder.signDocumento(buildBoleta(b, ted, tsted), `#F${b.folio}T${b.tipo_dte}`));
  }

  /** A named buyer gets the SII's legal name when a source knows the RUT (EmisionContexto.receptor). */
  private async receptorOf(dto: EmitirBoletaDto): Promise<ReceptorBoleta> {
    const r = dto.receptor;
    if (!r || r.rut === RUT_CONSUMIDOR_FINAL) return { rut: RUT_CONSUMIDOR_FINAL, razonSocial: r?.razon_social ?? '', fuente: 'solicitud' };
    const { razonSocial, fuente } = await this.contexto.receptor(r.rut, r.razon_social ?? '', dto.tenant);
    return { rut: r.rut, razonSocial, fuente };
  }
}

function boletaInput(dto: EmitirBoletaDto, fecha: string, receptor: ReceptorBoleta, ctx: Contexto): BoletaInput {
  return {
    tipo_dte: dto.tipo_dte,
    folio: 0,
    fecha_emision: fecha,
    indicador_servicio: dto.indicador_servicio ?? 3,
    emisor: emisorFrom(ctx.record, ctx.emisor, dto.codigo_sucursal),
    receptor: {
      ...dto.receptor,
      rut: receptor.rut,
      razon_social: receptor.razonSocial || undefined,
    },
    detalle: dto.detalle.map((d) => ({ ...d })),
    referencias: dto.referencias?.map((r) => ({ ...r })),
  };
}

function nuevaBoleta(
  dto: EmitirBoletaDto,
  v: {
    folio: number;
    cafId: string;
    fecha: string;
    montos: MontosBoleta;
    receptor: ReceptorBoleta;
    rutEnvia: string;
    xml: Buffer;
    caller?: string;
  },
): EmisionEntity {
  return Object.assign(new EmisionEntity(), {
    id: randomUUID(),
    tenant: dto.tenant,
    tipoDte: dto.tipo_dte,
    folio: v.folio,
    cafId: v.cafId,
    fechaEmision: v.fecha,
    receptorRut: v.receptor.rut,
    receptorRazonSocial: v.receptor.razonSocial,
    receptorRazonSocialFuente: v.receptor.fuente,
    ...v.montos,
    // A boleta states no TasaIVA (EnvioBOLETA_v11.xsd); a 39's gross amounts include IVA at the rate of the day.
    tasaIva: dto.tipo_dte === 39 ? TASA_IVA : 0,
    refTipoDte: null,
    refFolio: null,
    adicionales: 0,
    garantiaEnvases: 0,
    montosDetalle: null,
    estado: 'signed',
    glosa: null,
    trackid: null,
    rutEnvia: v.rutEnvia,
    xml: v.xml,
    xmlSha256: createHash('sha256').update(v.xml).digest('hex'),
    documentos: null,
    error: null,
    caller: v.caller ?? null,
    uploadedAt: null,
    boletaEnvioId: null,
  });
}

export function toBoletaView(e: EmisionEntity): BoletaView {
  return {
    emision_id: e.id,
    tipo_dte: e.tipoDte,
    folio: e.folio,
    estado: e.estado,
    trackid: e.trackid,
    montos: toMontosView(e),
    receptor: toReceptorView(e),
  };
}
