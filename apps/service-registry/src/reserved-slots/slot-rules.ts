/** The platform port range (docs/service-registry.md "Reserved slots"). */
export const PLATFORM_PORT_MIN = 8200;
export const PLATFORM_PORT_MAX = 8299;
