/**
 * What makes an anchor a page link (ADR 0064), besides its `href`: `data-discover`, so the
 * router learns its route ahead, and the mark the app shell's click listener navigates by
 * (`replace` to replace the history entry). Shell code, so the logo and the header use it
 * without the page-link component's module in their first load.
 */
export function pageLinkMarks(replace = false) {
  return { 'data-discover': 'true', 'data-page-link': replace ? 'replace' : '' } as const;
}
