import { nextTask } from '~/lib/next-task';

/**
 * Images started per task. Started all in one task, a page's thirty or more card images held
 * the main thread for one long task just as the page became interactive (about 10 ms here,
 * four times that on a phone's CPU: Lighthouse's blocking time). Six is what an HTTP/1.1
 * origin loads at once anyway: the rest would only queue.
 */
const PER_TASK = 6;

/**
 * Starts the downloads of the card images the server rendered as waiting (`data-src`, see
 * components/catalogue-image.tsx): on an HTTP/1.1 origin each image holds one of six
 * connections for a round trip, which a tap's code would otherwise wait behind. In document
 * order, a few per task, so that a tap meanwhile is answered between them.
 */
export async function startLaterImages(): Promise<void> {
  const waiting = [...document.querySelectorAll<HTMLImageElement>('img[data-src]')];
  for (let i = 0; i < waiting.length; i += PER_TASK) {
    if (i > 0) await nextTask();
    for (const image of waiting.slice(i, i + PER_TASK)) {
      // Gone with a navigation meanwhile: nobody will see it.
      if (!image.isConnected) continue;
      const { src, srcset } = image.dataset;
      image.removeAttribute('data-src');
      image.removeAttribute('data-srcset');
      if (srcset) image.srcset = srcset;
      if (src) image.src = src;
    }
  }
}
