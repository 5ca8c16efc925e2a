import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { EnvioModule } from '../envio/envio.module';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { RecepcionRcvController } from './recepcion-rcv.controller';
import { RecepcionRcvService } from './recepcion-rcv.service';
import { RecepcionController } from './recepcion.controller';
import { RecepcionRespuestasService } from './recepcion-respuestas.service';
import { RecepcionVerifier } from './recepcion-verifier';
import { RecepcionService } from './recepcion.service';
import { RecepcionStore } from './recepcion.store';
import { RespuestaBuilder } from './respuesta-builder';

@Module({
  imports: [SignerModule, SiiModule, TokenModule, EnvioModule],
  controllers: [RecepcionController, RecepcionRcvController],
  providers: [RecepcionService, RecepcionRcvService, RecepcionRespuestasService, RecepcionVerifier, RecepcionStore, RespuestaBuilder],
  exports: [RecepcionService, RecepcionStore],
})
export class RecepcionModule {}
