/** Slug rule: lowercase letters and digits in groups joined by single hyphens, 2 to 63 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 63;

export const isValidSlug = (value: string): boolean => value.length >= 2 && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
