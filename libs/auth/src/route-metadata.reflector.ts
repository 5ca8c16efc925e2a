import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/** A handler or a controller class, as Nest's Reflector types them. */
type Target = Parameters<Reflector['getAllAndOverride']>[1][number];

/**
 * Nest's {@link Reflector} that remembers `getAllAndOverride` per (metadata key, handler, controller class). Route
 * metadata is written once, by the decorators, when the classes are defined; the global guards read the same few
 * keys on every request, and each lookup walks reflect-metadata's maps (about 5 % of the gateway's busy time on a
 * cached read before: bench/README.md "gateway-read"). Lookups with other than two targets are not remembered.
 */
@Injectable()
export class RouteMetadataReflector extends Reflector {
  private readonly memo = new WeakMap<Target, WeakMap<Target, Map<unknown, unknown>>>();

  override getAllAndOverride<TResult = unknown, TKey = unknown>(metadataKey: TKey, targets: Target[]): TResult {
    if (targets.length !== 2) return super.getAllAndOverride(metadataKey, targets) as TResult;
    const values = this.valuesOf(targets[0], targets[1]);
    if (values.has(metadataKey)) return values.get(metadataKey) as TResult;
    const value = super.getAllAndOverride(metadataKey, targets) as TResult;
    values.set(metadataKey, value);
    return value;
  }

  private valuesOf(handler: Target, classRef: Target): Map<unknown, unknown> {
    let byClass = this.memo.get(handler);
    if (!byClass) this.memo.set(handler, (byClass = new WeakMap()));
    let values = byClass.get(classRef);
    if (!values) byClass.set(classRef, (values = new Map()));
    return values;
  }
}
