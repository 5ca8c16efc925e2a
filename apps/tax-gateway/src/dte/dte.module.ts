import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { CafModule } from '../caf/caf.module';
import { ContribuyenteModule } from '../contribuyente/contribuyente.module';
import { EmisoresModule } from '../emisores/emisores.module';
import { EnvioModule } from '../envio/envio.module';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { DteController } from './dte.controller';
import { EmisionQueryService } from './emision-query.service';
import { EmisionService } from './emision.service';
import { EmisionPdfService } from './emision-pdf.service';
import { EmisionIntercambioService } from './emision-intercambio.service';
import { EmisionUploader } from './emision-uploader';
import { EmisionStore } from './emision.store';
import { EnvioBuilder } from './envio-builder';
import { EmisionContexto } from './emision-contexto';

@Module({
  imports: [SiiModule, SignerModule, TokenModule, ContribuyenteModule, CafModule, EmisoresModule, EnvioModule],
  controllers: [DteController],
  providers: [
    EmisionService,
    EmisionUploader,
    EmisionPdfService,
    EmisionIntercambioService,
    EmisionQueryService,
    EmisionStore,
    EnvioBuilder,
    EmisionContexto,
  ],
  exports: [EmisionService, EmisionQueryService, EmisionStore, EmisionUploader, EmisionContexto, EnvioBuilder, EmisionPdfService],
})
export class DteModule {}
