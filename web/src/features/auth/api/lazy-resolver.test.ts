import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const valid: Resolver<FieldValues> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the real resolver on first use only, then passes every call to it', async () => {
    const load = vi.fn(async () => valid);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ a: 1 }, undefined, options)).resolves.toEqual({ values: { a: 1 }, errors: {} });
    await expect(resolver({ a: 2 }, undefined, options)).resolves.toEqual({ values: { a: 2 }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('returns the errors the real resolver reports', async () => {
    const invalid: Resolver<FieldValues> = async () => ({ values: {}, errors: { email: { type: 'custom', message: 'Por favor ingresa un correo electrónico válido' } } });
    const result = await lazyResolver(async () => invalid)({ email: 'x' }, undefined, options);
    expect(result.errors.email?.message).toBe('Por favor ingresa un correo electrónico válido');
  });

  it('preload() starts the load once and the next validation uses it', async () => {
    const load = vi.fn(async () => valid);
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    await resolver({}, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed load on the next attempt (a network blip does not break the form for good)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(valid);
    const resolver = lazyResolver<FieldValues, unknown, FieldValues>(load);
    await expect(resolver({}, undefined, options)).rejects.toThrow('Failed to fetch');
    await expect(resolver({ ok: true }, undefined, options)).resolves.toEqual({ values: { ok: true }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed preload is not an unhandled rejection and does not stop a later load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(valid);
    const resolver = lazyResolver<FieldValues, unknown, FieldValues>(load);
    resolver.preload();
    await new Promise((r) => setTimeout(r, 0));
    await expect(resolver({}, undefined, options)).resolves.toEqual({ values: {}, errors: {} });
  });
});
