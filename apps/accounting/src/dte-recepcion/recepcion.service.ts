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
import { Actor } from '../common/actor';
import { LockedEmpresa, Tx } from '../common/accounting.store';
import { BookingService } from './booking.service';
import { GatewayVerification } from './gateway-verification';
import { RecibirDteDto } from './dto/recibir-dte.dto';
import { ReceivedDte, toReceivedDte } from './received-dte';
import { RecepcionStore } from './recepcion.store';
import { RecepcionResultView } from './dto/recepcion.view';

/**
 * Reception of DTE files: the tax gateway verifies them (docs/tax-gateway.md "Reception"), then every DTE is
 * booked in ONE transaction. XML that is not a DTE is refused before the gateway is asked. The poller endpoint
 * reuses `parse` and `bookAll` inside its own transaction.
 */
@Injectable()
export class RecepcionService {
  constructor(
    private readonly store: RecepcionStore,
    private readonly booking: BookingService,
    private readonly verification: GatewayVerification,
  ) {}

  async receive(dto: RecibirDteDto, actor: Actor): Promise<RecepcionResultView> {
    if ((dto.xml_base64 === undefined) === (dto.xml === undefined)) {
      throw new ProblemException(400, 'validation_failed', 'Send exactly one of xml_base64 and xml', {
        errors: [{ field: 'xml_base64', message: 'exactly one of xml_base64 and xml is required' }],
      });
    }
    const bytes = dto.xml_base64 !== undefined ? Buffer.from(dto.xml_base64, 'base64') : bytesOf(dto.xml as string);
    const dtes = this.parse(bytes);
    const empresa = await this.store.requireEmpresa(dto.empresa_id);
    await this.verification.verify(empresa.rut, bytes, dtes);
    return this.store.transaction(async (tx) => this.bookAll(tx, await this.store.lockEmpresa(tx, dto.empresa_id), dtes, actor, 'api'));
  }

  /** Bytes must be in an encoding their signatures can be verified in (not UTF-16 or UTF-7). */
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
  async bookAll(tx: Tx, empresa: LockedEmpresa, dtes: ReceivedDte[], actor: Actor, origen: string): Promise<RecepcionResultView> {
    const result: RecepcionResultView = { empresa_id: empresa.id, documentos: dtes.length, facturas: [], ignorados: [] };
    for (const dte of dtes) {
      const outcome = await this.booking.book(tx, empresa, dte, actor, origen);
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
