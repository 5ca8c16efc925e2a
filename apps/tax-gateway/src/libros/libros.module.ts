import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { EmisoresModule } from '../emisores/emisores.module';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { LibrosController } from './libros.controller';
import { LibrosService } from './libros.service';

/** IECV books (docs/tax-gateway.md "Books"). */
@Module({
  imports: [SiiModule, SignerModule, TokenModule, EmisoresModule],
  controllers: [LibrosController],
  providers: [LibrosService],
  exports: [LibrosService],
})
export class LibrosModule {}
