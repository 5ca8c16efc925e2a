import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { EmisoresModule } from '../emisores/emisores.module';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { LibrosController } from './libros.controller';
import { LibrosService } from './libros.service';
import { LibrosStore } from './libros.store';
import { LibroDocumentosStore } from './libro-documentos.store';

@Module({
  imports: [SiiModule, SignerModule, TokenModule, EmisoresModule],
  controllers: [LibrosController],
  providers: [LibrosService, LibrosStore, LibroDocumentosStore],
  exports: [LibrosService, LibroDocumentosStore],
})
export class LibrosModule {}
