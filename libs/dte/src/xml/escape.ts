/**
 * The one XML escaping of the platform. Policy: the five special characters become the predefined
 * entities (XML 1.0 §2.4), in text and in double- or single-quoted attributes alike; where a document
 * must be ASCII (SOAP envelopes, whatever their declared encoding), every character above U+007F
 * becomes one numeric character reference per code point (XML 1.0 §4.1), never one per UTF-16 unit.
 */

/** Escapes `& < > " '` for XML text or attribute values (SII Formato DTE v2.2 §2.2: `&amp;`, `&lt;` ...). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/** Writes every character above U+007F as a decimal character reference (`ñ` -> `&#241;`, `😀` -> `&#128512;`). */
export function asciiCharacterReferences(xml: string): string {
  return xml.replace(/[\u0080-\u{10FFFF}]/gu, (c) => `&#${c.codePointAt(0)};`);
}
