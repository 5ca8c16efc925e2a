import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { CafModule } from '../caf/caf.module';
import { DteModule } from '../dte/dte.module';
import { PortalModule } from '../portal/portal.module';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { CafResyncController } from './caf-resync.controller';
import { CafResyncService } from './caf-resync.service';

@Module({
  imports: [CafModule, DteModule, SignerModule, SiiModule, TokenModule, PortalModule],
  controllers: [CafResyncController],
  providers: [CafResyncService],
})
export class CafResyncModule {}
