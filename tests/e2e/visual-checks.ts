import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What a fan sees, measured on the rendered page rather than read from the DOM: text
 * contrast (WCAG 2 ratio from computed colours; where the text sits on an image or a
 * gradient, from the pixels of a screenshot taken with the text hidden), popups inside the
 * viewport and on top, no sideways scrolling, and no serious or critical axe-core violation.
 */

export const MIN_CONTRAST = 4.5;

type TextSample = {
  id: number;
  text: string;
  color: [number, number, number, number];
  /** The solid colour behind it, or null when an image or gradient is behind it. */
  background: [number, number, number] | null;
  rect: { x: number; y: number; width: number; height: number };
};

export type LowContrast = { text: string; ratio: number; color: string; background: string };

/**
 * Every visible text in `scope` (or the page) that is in the viewport: its own text nodes,
 * typed text and placeholders of fields. Marks each with data-contrast-id for sampling.
 */
async function textSamples(page: Page, scope?: Locator): Promise<TextSample[]> {
  const handle = scope ? await scope.elementHandle() : null;
  return page.evaluate((root) => {
    // The browser itself turns any CSS colour (oklch, color-mix, named) into sRGB bytes.
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const parsed = new Map<string, [number, number, number, number]>();
    const parse = (value: string): [number, number, number, number] => {
      const known = parsed.get(value);
      if (known) return known;
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = value;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      // Unpremultiplied by the canvas; a fully transparent colour reads as alpha 0.
      const color: [number, number, number, number] = [r!, g!, b!, a! / 255];
      parsed.set(value, color);
      return color;
    };
    const over = (top: number[], bottom: number[]): [number, number, number] => {
      const a = top[3]!;
      return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)) as [number, number, number];
    };
    const vw = window.innerWidth;
    const vh = window.innerHeight;

    /** The colour behind a point, from the stack of elements painted there; null over an image. */
    const backgroundAt = (el: Element, x: number, y: number): [number, number, number] | null => {
      const stack = document.elementsFromPoint(x, y);
      let start = stack.indexOf(el);
      if (start < 0) start = 0;
      const layers: number[][] = [];
      for (const below of stack.slice(start)) {
        const style = getComputedStyle(below);
        if (style.backgroundImage !== 'none' || ['IMG', 'VIDEO', 'CANVAS', 'PICTURE'].includes(below.tagName)) {
          return null;
        }
        if (below instanceof SVGElement && below.tagName.toLowerCase() !== 'svg') continue;
        const color = parse(style.backgroundColor);
        const opacity = Number(style.opacity);
        if (color[3] > 0) layers.push([color[0], color[1], color[2], color[3] * opacity]);
        if (color[3] * opacity >= 1) break;
      }
      let base: [number, number, number] = [255, 255, 255];
      for (const layer of layers.reverse()) base = over(layer, base);
      return base;
    };

    const samples: TextSample[] = [];
    let next = 0;
    /** The box the text itself is painted in: its text nodes, or a field's content box. */
    const textBox = (el: Element): { left: number; top: number; right: number; bottom: number } => {
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const px = (v: string) => Number.parseFloat(v) || 0;
        return {
          left: box.left + px(style.borderLeftWidth) + px(style.paddingLeft),
          top: box.top + px(style.borderTopWidth) + px(style.paddingTop),
          right: box.right - px(style.borderRightWidth) - px(style.paddingRight),
          bottom: box.bottom - px(style.borderBottomWidth) - px(style.paddingBottom),
        };
      }
      const range = document.createRange();
      const out = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      for (const child of el.childNodes) {
        if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
        range.selectNodeContents(child);
        const r = range.getBoundingClientRect();
        out.left = Math.min(out.left, r.left);
        out.top = Math.min(out.top, r.top);
        out.right = Math.max(out.right, r.right);
        out.bottom = Math.max(out.bottom, r.bottom);
      }
      return out;
    };

    const consider = (el: Element, text: string, color: string) => {
      const rect = textBox(el);
      let x = Math.max(rect.left, 0);
      let y = Math.max(rect.top, 0);
      let right = Math.min(rect.right, vw);
      let bottom = Math.min(rect.bottom, vh);
      // What a scrolling or clipping box hides is not seen.
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = up.getBoundingClientRect();
        x = Math.max(x, box.left);
        y = Math.max(y, box.top);
        right = Math.min(right, box.right);
        bottom = Math.min(bottom, box.bottom);
      }
      if (right - x < 2 || bottom - y < 2) return;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) return;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
      const cx = (x + right) / 2;
      const cy = (y + bottom) / 2;
      const id = next++;
      (el as HTMLElement).dataset.contrastId = String(id);
      samples.push({
        id,
        text: text.trim().slice(0, 60),
        color: parse(color),
        background: backgroundAt(el, cx, cy),
        rect: { x, y, width: right - x, height: bottom - y },
      });
    };

    const scopeRoot = (root as Element | null) ?? document.body;
    const walker = document.createTreeWalker(scopeRoot, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.currentNode as Element | null; node; node = walker.nextNode() as Element | null) {
      if (node.closest('[aria-hidden="true"], .sr-only, script, style, noscript, svg')) continue;
      if ((node as HTMLElement).matches?.(':disabled')) continue;
      if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
        if (['checkbox', 'radio', 'range', 'file', 'hidden', 'color'].includes(node.type)) continue;
        if (node.value) consider(node, node.value, getComputedStyle(node).color);
        else if (node.placeholder) consider(node, node.placeholder, getComputedStyle(node, '::placeholder').color);
        continue;
      }
      const own = [...node.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('');
      if (own.trim()) consider(node, own, getComputedStyle(node).color);
    }
    return samples;
  }, handle);
}

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
export const luminance = ([r, g, b]: readonly number[]) =>
  0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
export const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * Texts under MIN_CONTRAST in `scope`. Over an image, the ratio is the one 90 % of the
 * background's pixels reach (from a screenshot with every text made transparent).
 */
export async function lowContrastTexts(page: Page, scope?: Locator): Promise<LowContrast[]> {
  const samples = await textSamples(page, scope);
  const onImages = samples.filter((s) => s.background === null);
  const pixelRatios = new Map<number, number>();
  if (onImages.length > 0) {
    const hide = await page.addStyleTag({
      content:
        '*, *::before, *::after { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; } ::placeholder { color: transparent !important; }',
    });
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    await hide.evaluate((node) => (node as HTMLStyleElement).remove());
    const ratios = await page.evaluate(
      async ({ png, items, dpr }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        context.drawImage(image, 0, 0);
        const channel = (v: number) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        const lum = (r: number, g: number, b: number) =>
          0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        return items.map(({ id, rect, color }) => {
          const data = context.getImageData(
            Math.floor(rect.x * dpr),
            Math.floor(rect.y * dpr),
            Math.max(1, Math.floor(rect.width * dpr)),
            Math.max(1, Math.floor(rect.height * dpr)),
          ).data;
          const ratios: number[] = [];
          for (let i = 0; i < data.length; i += 16) {
            // Text with its own alpha is blended over each pixel, as the browser paints it.
            const a = color[3];
            const text = [0, 1, 2].map((k) => color[k]! * a + data[i + k]! * (1 - a));
            const l1 = lum(text[0]!, text[1]!, text[2]!);
            const l2 = lum(data[i]!, data[i + 1]!, data[i + 2]!);
            ratios.push((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05));
          }
          ratios.sort((x, y) => x - y);
          return { id, ratio: ratios[Math.floor(ratios.length * 0.1)] ?? 21 };
        });
      },
      {
        png: shot.toString('base64'),
        items: onImages.map(({ id, rect, color }) => ({ id, rect, color })),
        dpr: await page.evaluate(() => window.devicePixelRatio),
      },
    );
    for (const { id, ratio } of ratios) pixelRatios.set(id, ratio);
  }
  const low: LowContrast[] = [];
  for (const sample of samples) {
    let ratio: number;
    let background: string;
    if (sample.background) {
      const a = sample.color[3];
      const text = [0, 1, 2].map((k) => sample.color[k]! * a + sample.background![k]! * (1 - a));
      ratio = contrast(text, sample.background);
      background = `rgb(${sample.background.map(Math.round).join(', ')})`;
    } else {
      ratio = pixelRatios.get(sample.id) ?? 21;
      background = 'image';
    }
    if (ratio < MIN_CONTRAST) {
      low.push({
        text: sample.text,
        ratio: Math.round(ratio * 100) / 100,
        color: `rgba(${sample.color.map((v, i) => (i < 3 ? Math.round(v) : v)).join(', ')})`,
        background,
      });
    }
  }
  return low;
}

/** The popup or panel lies wholly inside the viewport and nothing covers its corners. */
export async function expectInViewAndOnTop(locator: Locator) {
  await expect(locator).toBeVisible();
  // Judged as it settles: mid-way through its opening (app.css popover-in) it is still
  // translucent and slightly moved, on a busy machine for longer than a glance.
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const problems = await locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const out: string[] = [];
    if (rect.top < 0) out.push(`top ${rect.top.toFixed(0)} px above the viewport`);
    if (rect.left < 0) out.push(`left ${rect.left.toFixed(0)} px off screen`);
    if (rect.bottom > window.innerHeight + 0.5)
      out.push(`bottom ${(rect.bottom - window.innerHeight).toFixed(0)} px below`);
    if (rect.right > window.innerWidth + 0.5) out.push(`right ${(rect.right - window.innerWidth).toFixed(0)} px past`);
    // Far enough in that a rounded corner (up to 24 px) is still the popup's own area.
    const inset = 10;
    const corners: Array<[string, number, number]> = [
      ['top left', rect.left + inset, rect.top + inset],
      ['top right', rect.right - inset, rect.top + inset],
      ['bottom left', rect.left + inset, rect.bottom - inset],
      ['bottom right', rect.right - inset, rect.bottom - inset],
    ];
    for (const [name, x, y] of corners) {
      const top = document.elementFromPoint(x, y);
      if (!top || !el.contains(top)) out.push(`${name} corner covered by ${top?.outerHTML.slice(0, 80) ?? 'nothing'}`);
    }
    return out;
  });
  expect(problems, 'popup geometry').toEqual([]);
}

/** No sideways scrolling: the page is no wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/** axe-core's serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
