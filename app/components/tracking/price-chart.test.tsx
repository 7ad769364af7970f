import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toSpark } from '~/lib/tracking-view';
import { PriceChart } from './price-chart';

const t = (hours: number) => new Date(Date.UTC(2030, 0, 1, hours)).toISOString();

describe('PriceChart', () => {
  it('draws one step line per observed run, leaves gaps empty and marks the target', () => {
    const spark = toSpark([
      {
        from: t(0),
        to: t(10),
        points: [
          { at: t(0), price: 50 },
          { at: t(5), price: 40 },
        ],
      },
      { from: t(20), to: t(30), points: [{ at: t(20), price: 60 }] },
    ]);
    const html = renderToString(<PriceChart spark={spark} target={45} currency="USD" />);
    expect(html).toContain('stroke-dasharray="4 3"');
    expect(html).toContain(
      'Price history since Jan 1: USD 50.00 to USD 60.00, lowest USD 40.00, highest USD 60.00, with 1 unobserved period.',
    );
    // Steps: horizontal to the change, then vertical to the new price; each run starts with a
    // move of its own, so the gap is not bridged.
    const line = html.match(/d="(M4\.0 [^"]*)"/)?.[1] ?? '';
    expect(line).toMatch(/^M4\.0 [\d.]+H[\d.]+V[\d.]+H[\d.]+M[\d.]+ [\d.]+H[\d.]+$/);
  });

  it('leaves out a target far from every observed price, so the line keeps its shape', () => {
    const spark = toSpark([
      {
        from: t(0),
        to: t(3),
        points: [
          { at: t(0), price: 30 },
          { at: t(1), price: 29 },
        ],
      },
    ]);
    const html = renderToString(<PriceChart spark={spark} target={120} currency="USD" />);
    expect(html).not.toContain('stroke-dasharray');
    expect(html).toMatch(/d="M4\.0 4\.0H[\d.]+V52\.0H216\.0"/);
  });

  it('labels the scale with the highest and lowest price, and the axis ends differently within a day', () => {
    const spark = toSpark([
      {
        from: t(9),
        to: t(14),
        points: [
          { at: t(9), price: 52 },
          { at: t(12), price: 47.5 },
        ],
      },
    ]);
    const html = renderToString(<PriceChart spark={spark} target={null} currency="USD" />);
    expect(html).toContain('USD 52.00');
    expect(html).toContain('USD 47.50');
    expect(html).toContain('Jan 1, 09:00');
    expect(html).toContain('>14:00<');
  });

  it('says so when there is no price yet', () => {
    const html = renderToString(<PriceChart spark={{ runs: [] }} target={null} currency="USD" />);
    expect(html).toContain('No price history yet');
  });
});
