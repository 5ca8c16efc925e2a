import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

type Target = Parameters<Reflector['getAllAndOverride']>[1][number];

/**
 * A Reflector remembering `getAllAndOverride` per (key, handler, class): metadata is written once at class definition, while each
 * lookup walked reflect-metadata's maps (about 5 % of a cached gateway read: bench/README.md "gateway-read"). Two targets only.
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
