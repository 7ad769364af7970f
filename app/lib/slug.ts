/**
 * SPEC §2: a slug is the lowercased name with each run of non-alphanumeric characters
 * replaced by a single hyphen. Letters and digits of every script count as alphanumeric.
 */
export function slugify(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
}

// Paths are percent-encoded UTF-8: a redirect's Location header is written as bytes, and a raw
// 'é' there reaches the browser as Latin-1 (%E9), which no server can decode.
export const artistPath = (attraction: { id: string; name: string }) =>
  `/${encodeURIComponent(`${slugify(attraction.name)}-tickets`)}/artist/${encodeURIComponent(attraction.id)}`;

export const eventPath = (event: { id: string; name: string }) =>
  `/events/${encodeURIComponent(slugify(event.name))}/${encodeURIComponent(event.id)}`;
