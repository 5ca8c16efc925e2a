import { Injectable } from '@nestjs/common';
import {
  DteEncodingError,
  DteParseError,
  assertVerifiableEncoding,
  declaredEncoding,
  encodeXmlExact,
  parseDteDocuments,
  tipoNoRecibible,
} from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { LockedEmpresa, lockEmpresa, requireEmpresa } from '../common/empresa-lock';
import { inTransaction } from '../common/transaction';
import { BookingService } from './booking.service';
import { GatewayVerification } from './gateway-verification';
import { RecibirDteDto } from './dto/recibir-dte.dto';
import { ReceivedDte, toReceivedDte } from './received-dte';
import { RecepcionResult } from './dto/recepcion.view';

/**
 * Reception of DTE files: parses an EnvioDTE or a DTE, has the tax gateway verify it for the empresa
 * (signatures, TED, CAF, receiver, totals: docs/tax-gateway.md "Reception"), then books every DTE in ONE
 * transaction (a failure books nothing). XML that is not a DTE (RespuestaDTE, EnvioRecibos, garbage,
 * DOCTYPE/entity declarations) is refused before the gateway is asked; a DTE the gateway does not verify
 * refuses the file.
 * `parse` + `bookAll` are the building blocks for other entry points (the mailbox poller endpoint
 * books inside its own transaction, next to its Message-ID record).
 */
@Injectable()
export class RecepcionService {
  constructor(
    private readonly ds: DataSource,
    private readonly booking: BookingService,
    private readonly verification: GatewayVerification,
  ) {}

  /**
   * POST /contable/recibir-dte.
   * @throws 400 `validation_failed` (neither or both of xml/xml_base64); 404 empresa;
   *   422 `invalid_dte`, `dte_rechazado` (the gateway's reasons); 409 `period_closed`;
   *   502/503/504 `gateway_unavailable` (nothing is booked).
   */
  async receive(dto: RecibirDteDto, actor: Actor): Promise<RecepcionResult> {
    if ((dto.xml_base64 === undefined) === (dto.xml === undefined)) {
      throw new ProblemException(400, 'validation_failed', 'Send exactly one of xml_base64 and xml', {
        errors: [{ field: 'xml_base64', message: 'exactly one of xml_base64 and xml is required' }],
      });
    }
    const bytes = dto.xml_base64 !== undefined ? Buffer.from(dto.xml_base64, 'base64') : bytesOf(dto.xml as string);
    const dtes = this.parse(bytes);
    const empresa = await requireEmpresa(this.ds.manager, dto.empresa_id);
    await this.verification.verify(empresa.rut, bytes, dtes);
    return inTransaction(this.ds, async (em) => this.bookAll(em, await lockEmpresa(em, dto.empresa_id), dtes, actor, 'api'));
  }

  /**
   * Parses and checks a DTE file (bytes in an encoding its signatures can be verified in, or text).
   * @throws ProblemException 422 `encoding_invalid` (UTF-16, UTF-7, bytes declared UTF-8 that are not: decided
   *   before the tax gateway is asked), 422 `tipo_dte_unsupported` (a type the intercambio does not carry, e.g. a
   *   boleta), 422 `invalid_dte` for anything that is not a bookable DTE document.
   */
  parse(input: Buffer | string): ReceivedDte[] {
    try {
      if (Buffer.isBuffer(input)) assertVerifiableEncoding(input);
      return parseDteDocuments(input).map(toReceivedDte).map(assertIntercambio);
    } catch (err) {
      if (err instanceof DteEncodingError) throw encodingProblem(err);
      if (err instanceof DteParseError) {
        throw new ProblemException(422, 'invalid_dte', `Not a DTE document: ${err.message}`.slice(0, 500), { cause: err });
      }
      throw err;
    }
  }

  /** Books parsed DTEs in the caller's transaction; the caller holds the empresa lock. */
  async bookAll(em: EntityManager, empresa: LockedEmpresa, dtes: ReceivedDte[], actor: Actor, origen: string): Promise<RecepcionResult> {
    const result: RecepcionResult = { empresa_id: empresa.id, documentos: dtes.length, facturas: [], ignorados: [] };
    for (const dte of dtes) {
      const outcome = await this.booking.book(em, empresa, dte, actor, origen);
      if (outcome.kind === 'factura') result.facturas.push(outcome.factura);
      else result.ignorados.push(outcome.ignorado);
    }
    return result;
  }
}

/** The bytes of XML sent as text, in the encoding its declaration names (UTF-8 without one). */
function bytesOf(xml: string): Buffer {
  try {
    return encodeXmlExact(xml, declaredEncoding(xml) ?? 'utf-8');
  } catch (err) {
    // DteEncodingError, or iconv refusing an encoding name it does not know: either way the text is unusable.
    throw encodingProblem(err as Error);
  }
}

/** The types a supplier sends through the intercambio (libs/dte `tipoNoRecibible`, SiiTypes_v10.xsd DTEType). */
function assertIntercambio(dte: ReceivedDte): ReceivedDte {
  const noRecibible = tipoNoRecibible(dte.tipo, dte.folio);
  if (noRecibible) throw new ProblemException(422, 'tipo_dte_unsupported', noRecibible, { tipo_dte: dte.tipo });
  return dte;
}

function encodingProblem(err: Error): ProblemException {
  return new ProblemException(422, 'encoding_invalid', `The XML cannot be read in its declared encoding: ${err.message}`.slice(0, 500));
}
