/**
 * The outcome of an operation that can fail on user data: either a value or a typed error.
 * Library functions return this instead of throwing, so callers must look at the error.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** A successful {@link Result}. */
export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

/** A failed {@link Result}. */
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
