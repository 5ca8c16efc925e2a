import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteMetadataReflector } from './route-metadata.reflector';

const KEY = 'test:role';

@SetMetadata(KEY, 'class')
class Decorated {
  @SetMetadata(KEY, 'method')
  own(): string {
    return 'own';
  }

  inherited(): string {
    return 'inherited';
  }
}

class Plain {
  bare(): string {
    return 'bare';
  }
}

describe('RouteMetadataReflector', () => {
  const plain = new Reflector();

  it.each([
    ['method over class', Decorated.prototype.own, Decorated],
    ['class when the method has none', Decorated.prototype.inherited, Decorated],
    ['undefined when neither has it', Plain.prototype.bare, Plain],
  ])('answers as Nest’s Reflector: %s', (_name, handler, classRef) => {
    const reflector = new RouteMetadataReflector();
    const expected = plain.getAllAndOverride(KEY, [handler, classRef]);
    expect(reflector.getAllAndOverride(KEY, [handler, classRef])).toBe(expected);
    expect(reflector.getAllAndOverride(KEY, [handler, classRef])).toBe(expected);
  });

  it('reads reflect-metadata once per key and route, undefined results included', () => {
    const reflector = new RouteMetadataReflector();
    const read = jest.spyOn(Reflector.prototype, 'get');
    try {
      for (let i = 0; i < 3; i++) {
        reflector.getAllAndOverride(KEY, [Decorated.prototype.own, Decorated]);
        reflector.getAllAndOverride(KEY, [Plain.prototype.bare, Plain]);
      }
      // own: found on the method (1 read); bare: method and class both read (2 reads), once each.
      expect(read).toHaveBeenCalledTimes(3);
    } finally {
      read.mockRestore();
    }
  });

  it('keeps routes apart when one handler serves two controller classes', () => {
    @SetMetadata(KEY, 'child')
    class Child extends Decorated {}
    const reflector = new RouteMetadataReflector();
    expect(reflector.getAllAndOverride(KEY, [Decorated.prototype.inherited, Decorated])).toBe('class');
    expect(reflector.getAllAndOverride(KEY, [Decorated.prototype.inherited, Child])).toBe('child');
  });

  it('does not remember lookups over other than a handler and a class', () => {
    const reflector = new RouteMetadataReflector();
    const read = jest.spyOn(Reflector.prototype, 'get');
    try {
      reflector.getAllAndOverride(KEY, [Decorated]);
      reflector.getAllAndOverride(KEY, [Decorated]);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      read.mockRestore();
    }
  });
});
