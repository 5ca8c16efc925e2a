import { Module } from '@nestjs/common';
import { SignerModule } from '../signer/signer.module';
import { RecepcionController } from './recepcion.controller';
import { RecepcionRespuestasService } from './recepcion-respuestas.service';
import { RecepcionVerifier } from './recepcion-verifier';
import { RecepcionService } from './recepcion.service';
import { RecepcionStore } from './recepcion.store';
import { RespuestaBuilder } from './respuesta-builder';

/** Reception of suppliers' DTEs and the intercambio answers (docs/tax-gateway.md "Reception"). */
@Module({
  imports: [SignerModule],
  controllers: [RecepcionController],
  providers: [RecepcionService, RecepcionRespuestasService, RecepcionVerifier, RecepcionStore, RespuestaBuilder],
  exports: [RecepcionService, RecepcionStore],
})
export class RecepcionModule {}
