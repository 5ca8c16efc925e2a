import { pickFields } from './views';

describe('pickFields', () => {
  it('copies only the named properties, with their values as they are', () => {
    const at = new Date(0);
    const source = { id: 'a', tenant: 't', at, secret: 'no' };
    const view = pickFields(source, 'id', 'at');
    expect(view).toEqual({ id: 'a', at });
    expect(view.at).toBe(at);
    expect('secret' in view).toBe(false);
  });

  it('keeps a null or undefined value under its name', () => {
    expect(pickFields({ a: null, b: undefined as string | undefined }, 'a', 'b')).toEqual({ a: null, b: undefined });
  });
});
