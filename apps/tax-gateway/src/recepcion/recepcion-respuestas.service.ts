import { Injectable } from '@nestjs/common';
import { siiTextProblem } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import type { RespuestaView, ResultadoBodyDto } from './dto/recepcion.dto';
import type { EstadoComercial, RecepcionEntity } from './entities/recepcion.entity';
import { RecepcionEnvioEntity } from './entities/recepcion-envio.entity';
import { RecepcionService, respuestaOf } from './recepcion.service';
import { RecepcionStore } from './recepcion.store';
import { toRespuestaView } from './recepcion.views';
import { RespuestaBuilder } from './respuesta-builder';

/** EstadoDTE of a ResultadoDTE (RespuestaEnvioDTE_v10.xsd): 0 accepted, 1 accepted with discrepancies, 2 rejected. */
const ESTADO_DTE: Record<EstadoComercial, 0 | 1 | 2> = { aceptado: 0, aceptado_con_reparos: 1, rechazado: 2 };
const GLOSA_RESULTADO: Record<EstadoComercial, string> = {
  aceptado: 'DTE Aceptado OK',
  aceptado_con_reparos: 'DTE Aceptado con Discrepancias',
  rechazado: 'DTE Rechazado',
};

/**
 * ResultadoDTE and EnvioRecibos (docs/research/sii-protocol.md §3.5; Ley 19.983), each stored with the DTE's new estado_comercial in one
 * transaction; callers deliver the bytes.
 */
@Injectable()
export class RecepcionRespuestasService {
  constructor(
    private readonly recepciones: RecepcionService,
    private readonly store: RecepcionStore,
    private readonly builder: RespuestaBuilder,
  ) {}

  async issueResultado(id: string, body: ResultadoBodyDto): Promise<RespuestaView> {
    if (body.glosa !== undefined) assertSiiText('glosa', body.glosa);
    const r = await this.recepciones.findOrThrow(id);
    if (r.estadoComercial !== null) {
      throw new ProblemException(409, 'resultado_already_issued', `DTE ${id} already has a commercial answer (${r.estadoComercial}).`);
    }
    if (r.estado === 'rechazado' && body.estado !== 'rechazado') {
      throw new ProblemException(409, 'recepcion_rejected', `DTE ${id} failed reception (${r.glosa}); it can only be rejected.`);
    }
    const envio = (await this.store.findEnvio(r.envioId)) as RecepcionEnvioEntity;
    const numero = await this.store.nextNumero('recepcion_respuesta');
    const estado = ESTADO_DTE[body.estado];
    const xml = await this.builder.buildResultadoDte({ ...partes(r), idRespuesta: numero }, [
      {
        ...documento(r),
        codEnvio: envio.numero,
        estado,
        glosa: body.glosa ?? GLOSA_RESULTADO[body.estado],
        ...(estado === 0 ? {} : { codRchDsc: -1 }),
      },
    ]);
    const respuesta = respuestaOf(r.tenant, numero, 'ResultadoDTE', xml, { recepcionId: r.id });
    await this.store.insertRespuesta(respuesta, { estadoComercial: body.estado });
    return toRespuestaView(respuesta);
  }

  async issueRecibo(id: string, recinto: string): Promise<RespuestaView> {
    assertSiiText('recinto', recinto);
    const r = await this.recepciones.findOrThrow(id);
    if (r.estado === 'rechazado' || r.estadoComercial === 'rechazado') {
      throw new ProblemException(409, 'recepcion_rejected', `DTE ${id} was rejected; a receipt of goods is only given for accepted DTEs.`);
    }
    if ((await this.store.listRespuestas({ recepcionId: id })).some((a) => a.tipo === 'EnvioRecibos')) {
      throw new ProblemException(409, 'recibo_already_issued', `DTE ${id} already has a receipt of goods or services.`);
    }
    const numero = await this.store.nextNumero('recepcion_respuesta');
    const d = documento(r);
    const xml = await this.builder.buildEnvioRecibos({ ...partes(r), idRespuesta: numero }, [
      {
        tipoDoc: d.tipoDte,
        folio: d.folio,
        fchEmis: d.fchEmis,
        rutEmisor: d.rutEmisor,
        rutRecep: d.rutRecep,
        mntTotal: d.mntTotal,
        recinto,
      },
    ]);
    const respuesta = respuestaOf(r.tenant, numero, 'EnvioRecibos', xml, { recepcionId: r.id });
    await this.store.insertRespuesta(respuesta);
    return toRespuestaView(respuesta);
  }
}

/**
 * Typographic characters are transliterated (libs/dte TRANSLITERACION); anything else outside ISO-8859-1, or a control character, is
 * refused by name.
 */
function assertSiiText(field: string, value: string): void {
  const problem = siiTextProblem(value);
  if (!problem) return;
  throw new ProblemException(422, 'text_invalid', `${field}: ${problem}; the answer to the supplier is written in ISO-8859-1.`, {
    errors: [{ field, message: problem }],
  });
}

function partes(r: RecepcionEntity) {
  return { rutResponde: r.tenant, rutRecibe: r.rutEmisor };
}

function documento(r: RecepcionEntity) {
  return {
    tipoDte: r.tipoDte,
    folio: r.folio,
    fchEmis: r.fechaEmision,
    rutEmisor: r.rutEmisor,
    rutRecep: r.rutReceptor,
    mntTotal: r.total,
  };
}
