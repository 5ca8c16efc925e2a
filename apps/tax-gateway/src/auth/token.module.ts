import { Module } from '@nestjs/common';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { TokenController } from './token.controller';
import { TokenService } from './token.service';

/** SII token cache and POST/DELETE /tax/auth/token (docs/DESIGN.md §4.2). */
@Module({
  imports: [SiiModule, SignerModule],
  controllers: [TokenController],
  providers: [TokenService],
  exports: [TokenService],
})
export class TokenModule {}
