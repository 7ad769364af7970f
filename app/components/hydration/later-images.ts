/**
 * Starts the downloads of the card images the server rendered as waiting (`data-src`, see
 * components/catalogue-image.tsx): on an HTTP/1.1 origin each image holds one of six
 * connections for a round trip, which a tap's code would otherwise wait behind.
 */
export function startLaterImages() {
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-src]')) {
    const { src, srcset } = image.dataset;
    image.removeAttribute('data-src');
    image.removeAttribute('data-srcset');
    if (srcset) image.srcset = srcset;
    if (src) image.src = src;
  }
}
