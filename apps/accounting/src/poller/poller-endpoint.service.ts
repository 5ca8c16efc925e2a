import { Injectable } from '@nestjs/common';
import { DteParseError, santiagoDate } from '@lib/dte';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { GatewayVerification } from '../dte-recepcion/gateway-verification';
import { RecepcionService } from '../dte-recepcion/recepcion.service';
import { RecepcionResultView } from '../dte-recepcion/dto/recepcion.view';
import { ReceivedDte } from '../dte-recepcion/received-dte';
import { PollerDeliveryDto } from './dto/poller-delivery.dto';
import { AdjuntoIgnoradoView, DteSinEmpresaView, MensajeDuplicadoView, MensajeProcesadoView } from './dto/mensaje.view';
import { PollerStore } from './poller.store';

interface DteFile {
  filename: string;
  bytes: Buffer;
  dtes: ReceivedDte[];
}

export type PollerAnswer = { status: 200 | 201; body: MensajeProcesadoView | MensajeDuplicadoView };

/**
 * Books the DTEs of one e-mail in ONE transaction with the `mensaje_procesado` row that deduplicates it
 * by Message-ID (docs/accounting-poller.md "The endpoint"; docs/research/registry-ledger-accounting.md §0.3).
 * The row is claimed FIRST: a concurrent delivery of the same message waits on it and answers `duplicate`
 * once it commits. Empresa locks are then taken in id order (no deadlocks). Message-level problems are
 * 422, never 404: a 404 means "wrong URL" to the poller and stops its run.
 */
@Injectable()
export class PollerEndpointService {
  constructor(
    private readonly store: PollerStore,
    private readonly recepcion: RecepcionService,
    private readonly auditoria: AuditoriaService,
    private readonly verification: GatewayVerification,
  ) {}

  async deliver(dto: PollerDeliveryDto, actor: Actor): Promise<PollerAnswer> {
    assertFechaEnRango(santiagoDate(new Date(dto.received_at)), 'received_at');
    // Parsed before the Message-ID claim: a refused attachment is refused on every delivery, duplicate or not.
    const { dtes, ignorados, files } = this.parseAttachments(dto);
    if (dto.empresa_id) await this.requireEmpresa(dto.empresa_id);
    // Before the claim too: no transaction waits on the gateway, which answers a file it has seen alike.
    await this.verifyFiles(files, dto.empresa_id);
    return this.store.transaction(async (tx) => {
      const claimed = await this.store.claimMensaje(tx, {
        messageId: dto.message_id,
        receivedAt: dto.received_at,
        empresaId: dto.empresa_id ?? null,
        adjuntos: dto.attachments.length,
        processedBy: actor.caller,
      });
      if (!claimed) return { status: 200, body: await this.duplicate(tx, dto, actor) };
      const { groups, sinEmpresa } = await this.route(tx, dto.empresa_id, dtes);
      const resultados: RecepcionResultView[] = [];
      for (const [empresaId, group] of groups) {
        const empresa = await this.store.lockEmpresa(tx, empresaId);
        resultados.push(await this.recepcion.bookAll(tx, empresa, group, actor, 'poller'));
        await this.auditoria.record(tx, actor, { empresaId, accion: 'poller_recibir_dte', entidad: 'mensaje', entidadId: claimed });
      }
      const nuevas = resultados.reduce((n, r) => n + r.facturas.filter((f) => !f.duplicada).length, 0);
      const body: MensajeProcesadoView = {
        status: 'processed',
        mensaje_id: claimed,
        message_id: dto.message_id,
        documentos: dtes.length,
        facturas_nuevas: nuevas,
        resultados,
        sin_empresa: sinEmpresa,
        adjuntos_ignorados: ignorados,
      };
      await this.store.recordResult(tx, claimed, dtes.length, nuevas, body);
      return { status: nuevas > 0 ? 201 : 200, body };
    });
  }

  private async duplicate(tx: Tx, dto: PollerDeliveryDto, actor: Actor): Promise<MensajeDuplicadoView> {
    const prior = await this.store.priorMensaje(tx, dto.message_id);
    await this.auditoria.record(tx, actor, {
      empresaId: dto.empresa_id ?? prior.empresa_id,
      accion: 'poller_recibir_dte',
      entidad: 'mensaje',
      entidadId: prior.id,
      resultado: 'duplicate',
    });
    return { status: 'duplicate', mensaje_id: prior.id, message_id: dto.message_id, processed_at: prior.processed_at };
  }

  /** An attachment that is not a DTE is skipped; a DOCTYPE/ENTITY declaration (XML bomb) refuses the message. */
  private parseAttachments(dto: PollerDeliveryDto): { dtes: ReceivedDte[]; ignorados: AdjuntoIgnoradoView[]; files: DteFile[] } {
    const files: DteFile[] = [];
    const ignorados: AdjuntoIgnoradoView[] = [];
    dto.attachments.forEach((a, i) => {
      try {
        const bytes = Buffer.from(a.content_base64, 'base64');
        files.push({ filename: a.filename, bytes, dtes: this.recepcion.parse(bytes) });
      } catch (err) {
        const cause = (err as { cause?: unknown }).cause;
        if (!(cause instanceof DteParseError)) throw err;
        if (/DOCTYPE|ENTITY/.test(cause.message)) {
          throw new ProblemException(
            422,
            'invalid_dte',
            `Attachment ${a.filename} declares a DOCTYPE/ENTITY (refused: possible XML bomb)`,
            {
              errors: [{ field: `attachments.${i}.content_base64`, message: 'DOCTYPE/ENTITY declarations are not accepted' }],
            },
          );
        }
        ignorados.push({ filename: a.filename, motivo: 'no_es_dte', detalle: cause.message.slice(0, 300) });
      }
    });
    const dtes = files.flatMap((f) => f.dtes);
    if (dtes.length === 0) {
      throw new ProblemException(422, 'no_dte', `None of the ${dto.attachments.length} attachments is a DTE document`, {
        errors: ignorados.map((g) => ({ field: 'attachments', message: `${g.filename}: ${g.detalle}` })),
      });
    }
    return { dtes, ignorados, files };
  }

  /** Each file's DTEs go to the gateway for the empresa that would book them; DTEs without one are not sent. */
  private async verifyFiles(files: DteFile[], empresaId: string | undefined): Promise<void> {
    const ruts = [...new Set(files.flatMap((f) => f.dtes.map((d) => d.receptorRut)))];
    const rows = await this.store.empresas(empresaId, ruts);
    const named = empresaId ? rows[0]?.rut : undefined;
    const known = new Set(rows.map((r) => r.rut));
    for (const file of files) {
      const porEmpresa = new Map<string, ReceivedDte[]>();
      for (const d of file.dtes) {
        const rut = named ?? (known.has(d.receptorRut) ? d.receptorRut : undefined);
        if (rut) porEmpresa.set(rut, [...(porEmpresa.get(rut) ?? []), d]);
      }
      for (const [rut, group] of porEmpresa) await this.verification.verify(rut, file.bytes, group, file.filename);
    }
  }

  /** The named empresa books every DTE (BookingService ignores other receptors), else the receptor's; in id order. */
  private async route(tx: Tx, empresaId: string | undefined, dtes: ReceivedDte[]) {
    const sinEmpresa: DteSinEmpresaView[] = [];
    if (empresaId) return { groups: new Map([[empresaId, dtes]]), sinEmpresa };
    const ruts = [...new Set(dtes.map((d) => d.receptorRut))];
    const rows = await this.store.empresasByRut(tx, ruts);
    const byRut = new Map(rows.map((r) => [r.rut, r.id]));
    const groups = new Map<string, ReceivedDte[]>(rows.map((r) => [r.id, []]));
    for (const d of dtes) {
      const id = byRut.get(d.receptorRut);
      if (id) groups.get(id)?.push(d);
      else
        sinEmpresa.push({
          tipo_dte: d.tipo,
          folio: d.folio,
          rut_emisor: d.emisor.rut,
          rut_receptor: d.receptorRut,
          motivo: 'receptor_desconocido',
        });
    }
    if (groups.size === 0) {
      throw new ProblemException(422, 'empresa_not_found', `No empresa has the receptor RUT of these DTEs (${ruts.join(', ')})`, {
        errors: [{ field: 'attachments', message: `unknown receptor ${ruts.join(', ')}` }],
      });
    }
    return { groups, sinEmpresa };
  }

  private async requireEmpresa(id: string): Promise<void> {
    if (!(await this.store.empresaExists(id))) {
      throw new ProblemException(422, 'empresa_not_found', `Empresa ${id} does not exist (check POLLER_EMPRESA_ID)`, {
        errors: [{ field: 'empresa_id', message: 'unknown empresa' }],
      });
    }
  }
}
