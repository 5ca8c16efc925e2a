import { IsInt, IsString, MetadataStorage, getMetadataStorage, validate } from 'class-validator';
import { rememberValidationMetadata } from './validation-metadata';

class Base {
  @IsString()
  name!: string;
}

class Child extends Base {
  @IsInt()
  count!: number;

  @IsString({ groups: ['extra'] })
  note!: string;
}

describe('rememberValidationMetadata', () => {
  const cases: [Partial<Child>, string[] | undefined][] = [
    [{ name: 'a', count: 1 }, undefined],
    [{ name: 1 as never, count: 'x' as never }, undefined],
    [{ name: 'a', count: 1 }, ['extra']],
    [{ name: 'a', count: 1, note: 'n' }, ['extra']],
    [{ name: 2 as never, count: 1, note: 3 as never }, ['extra']],
  ];
  const failures = () =>
    Promise.all(
      cases.map(async ([fields, groups]) =>
        (await validate(Object.assign(new Child(), fields), groups ? { groups } : {})).map((e) => e.property).sort(),
      ),
    );

  it('leaves validation results as class-validator gives them: own, inherited and grouped rules', async () => {
    const before = await failures();
    expect(before.flat().length).toBeGreaterThan(0);
    rememberValidationMetadata();
    expect(await failures()).toEqual(before);
    expect(await failures()).toEqual(before);
  });

  it('resolves the rules once per class and options, then answers from memory', () => {
    const global = getMetadataStorage();
    const storage = new MetadataStorage();
    for (const target of [Base, Child]) {
      for (const m of global.getTargetValidationMetadatas(target, '', true, false)) {
        if (m.target === target) storage.addValidationMetadata(m);
      }
    }
    const plain = {
      ungrouped: storage.getTargetValidationMetadatas(Child, '', false, false),
      grouped: storage.getTargetValidationMetadatas(Child, '', false, false, ['extra']),
    };
    const resolve = jest.spyOn(storage, 'getTargetValidationMetadatas');
    rememberValidationMetadata(storage);
    const first = storage.getTargetValidationMetadatas(Child, '', false, false);
    const again = storage.getTargetValidationMetadatas(Child, '', false, false, []);
    const grouped = storage.getTargetValidationMetadatas(Child, '', false, false, ['extra']);
    expect(first).toEqual(plain.ungrouped);
    expect(grouped).toEqual(plain.grouped);
    expect(grouped).not.toEqual(first);
    expect(again).toBe(first);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false, ['extra'])).toBe(grouped);
    expect(resolve).toHaveBeenCalledTimes(2);
  });

  it('wraps a storage once however often it is called', () => {
    const storage = new MetadataStorage();
    rememberValidationMetadata(storage);
    const wrapped = storage.getTargetValidationMetadatas;
    rememberValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas).toBe(wrapped);
  });
});
