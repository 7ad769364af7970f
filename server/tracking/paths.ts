/**
 * Same-origin page paths for alerts, push notifications and calendar entries. SPEC §2: a
 * slug is the lowercased name with each run of non-alphanumeric characters replaced by a
 * single hyphen (the browser's app/lib/slug.ts applies the same rule; a test keeps them equal).
 */
export function slugify(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
}

// Percent-encoded UTF-8, as app/lib/slug.ts: these paths end up in headers and calendar files.
export const eventPath = (event: { id: string; name: string }) =>
  `/events/${encodeURIComponent(slugify(event.name))}/${encodeURIComponent(event.id)}`;

export const artistPath = (attraction: { id: string; name: string }) =>
  `/${encodeURIComponent(`${slugify(attraction.name)}-tickets`)}/artist/${encodeURIComponent(attraction.id)}`;

export const MY_ENCORE_PATH = '/my-encore';
