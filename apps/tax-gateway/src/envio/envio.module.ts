import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { EnvioPipeline } from './envio-pipeline';

/** The SII submission pipeline's shared steps (docs/tax-gateway.md "Submission pipeline"); no routes of its own. */
@Module({
  imports: [SiiModule, SignerModule, TokenModule],
  providers: [EnvioPipeline],
  exports: [EnvioPipeline],
})
export class EnvioModule {}
