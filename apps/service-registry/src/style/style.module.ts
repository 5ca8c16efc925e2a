import { Module } from '@nestjs/common';
import { StyleController } from './style.controller';
import { styleCatalogProvider } from './style-catalog.provider';

/** The style catalog endpoint; needs REGISTRY_SETTINGS (provided globally by RegistryModule). */
@Module({ controllers: [StyleController], providers: [styleCatalogProvider] })
export class StyleModule {}
