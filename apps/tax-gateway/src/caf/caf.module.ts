import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { SignerModule } from '../signer/signer.module';
import { PortalModule } from '../portal/portal.module';
import { SiiModule } from '../sii/sii.module';
import { CafResyncService } from './caf-resync.service';
import { CafController } from './caf.controller';
import { CafMetrics } from './caf-metrics';
import { CafService } from './caf.service';
import { FolioAllocator } from './folio-allocator';

/** CAF upload, folio inventory and the atomic folio allocator (docs/DESIGN.md §4.4 "caf"). */
@Module({
  imports: [SignerModule, SiiModule, TokenModule, PortalModule],
  controllers: [CafController],
  providers: [CafService, CafResyncService, FolioAllocator, CafMetrics],
  exports: [CafService, FolioAllocator],
})
export class CafModule {}
