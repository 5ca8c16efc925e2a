/** The one XML escaping: predefined entities (XML 1.0 §2.4); in ASCII documents one reference per code point above U+007F (§4.1). */

/** SII Formato DTE v2.2 §2.2: `&amp;`, `&lt;` ... */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/** `ñ` -> `&#241;`, `😀` -> `&#128512;`. */
export function asciiCharacterReferences(xml: string): string {
  return xml.replace(/[\u0080-\u{10FFFF}]/gu, (c) => `&#${c.codePointAt(0)};`);
}
