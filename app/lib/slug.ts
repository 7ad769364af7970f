/**
 * SPEC §2: a slug is the lowercased name with each run of non-alphanumeric characters
 * replaced by a single hyphen. Letters and digits of every script count as alphanumeric.
 */
export function slugify(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
}

export const artistPath = (attraction: { id: string; name: string }) =>
  `/${slugify(attraction.name)}-tickets/artist/${encodeURIComponent(attraction.id)}`;

export const eventPath = (event: { id: string; name: string }) =>
  `/events/${slugify(event.name)}/${encodeURIComponent(event.id)}`;
