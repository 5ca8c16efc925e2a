import { Module } from '@nestjs/common';
import { EmisoresModule } from '../emisores/emisores.module';
import { EnvioModule } from '../envio/envio.module';
import { SignerModule } from '../signer/signer.module';
import { LibrosController } from './libros.controller';
import { LibrosService } from './libros.service';
import { LibrosStore } from './libros.store';
import { LibroDocumentosStore } from './libro-documentos.store';

@Module({
  imports: [SignerModule, EnvioModule, EmisoresModule],
  controllers: [LibrosController],
  providers: [LibrosService, LibrosStore, LibroDocumentosStore],
  exports: [LibrosService, LibrosStore, LibroDocumentosStore],
})
export class LibrosModule {}
