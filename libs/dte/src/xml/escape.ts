/** The one XML escaping: predefined entities (XML 1.0 §2.4; SII Formato DTE v2.2 §2.2). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/** For ASCII documents, a reference per code point above U+007F (XML 1.0 §4.1): `ñ` -> `&#241;`. */
export function asciiCharacterReferences(xml: string): string {
  return xml.replace(/[\u0080-\u{10FFFF}]/gu, (c) => `&#${c.codePointAt(0)};`);
}
