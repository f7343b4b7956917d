// Layout checks for the browser tests: no two pieces of visible text overlap. Each rendered text node's line boxes
// are measured (Range.getClientRects: one box per line it occupies), cut to what its clipping ancestors
// (overflow other than visible, a clip or clip-path: scroll areas, visually-hidden text) let be seen, and
// compared with every other node's; any two that overlap fail the test, both named.
import { expect, type Locator, type Page } from '@playwright/test';

export interface TextOverlap {
  first: string;
  second: string;
  /** The overlapping area, in CSS px: x, y, width, height. */
  area: [number, number, number, number];
}

/** Overlaps below these sizes are rounding and antialiasing, not text drawn over text. */
const MIN_OVERLAP_PX = 2;
/** Vertical overlap, as a share of the lower box's height, below which two lines only touch (tight line heights). */
const MIN_VERTICAL_SHARE = 0.3;

/** Every pair of visible text boxes under `root` that overlap. */
export async function textOverlaps(page: Page, root: Locator | string = 'body'): Promise<TextOverlap[]> {
  const locator = typeof root === 'string' ? page.locator(root) : root;
  return locator.first().evaluate(
    (element, limits) => {
      type Box = { name: string; node: number; left: number; top: number; right: number; bottom: number };
      const nameOf = (el: Element, text: string): string => {
        const id = el.id ? `#${el.id}` : '';
        const testId = el.getAttribute('data-testid');
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        const snippet = text.trim().replace(/\s+/g, ' ').slice(0, 40);
        return `<${el.tagName.toLowerCase()}${id}${cls}${testId ? `[data-testid=${testId}]` : ''}> "${snippet}"`;
      };
      /** The part of the viewport an element's content may show in: the intersection of its clipping ancestors' boxes. */
      const clips = new Map<Element, DOMRect | null>();
      const clipOf = (el: Element | null): { left: number; top: number; right: number; bottom: number } | null => {
        let area = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
        for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
          let box = clips.get(e);
          if (box === undefined) {
            const style = getComputedStyle(e);
            const clipping =
              style.overflowX !== 'visible' || style.overflowY !== 'visible' || (style.clip && style.clip !== 'auto') || style.clipPath !== 'none';
            box = clipping ? e.getBoundingClientRect() : null;
            clips.set(e, box);
          }
          if (box) {
            area = {
              left: Math.max(area.left, box.left),
              top: Math.max(area.top, box.top),
              right: Math.min(area.right, box.right),
              bottom: Math.min(area.bottom, box.bottom),
            };
          }
        }
        return area.right - area.left > 0 && area.bottom - area.top > 0 ? area : null;
      };
      const boxes: Box[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let index = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const parent = node.parentElement;
        if (!parent || !text.trim()) continue;
        if (parent.closest('script, style, noscript, template, title')) continue;
        // Not rendered: display none, visibility hidden, opacity 0, or in a skipped subtree (a closed <details>).
        if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) continue;
        const clip = clipOf(parent);
        if (!clip) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const name = nameOf(parent, text);
        index++;
        for (const r of range.getClientRects()) {
          const left = Math.max(r.left, clip.left);
          const right = Math.min(r.right, clip.right);
          const top = Math.max(r.top, clip.top);
          const bottom = Math.min(r.bottom, clip.bottom);
          if (right - left < limits.px || bottom - top < limits.px) continue;
          boxes.push({ name, node: index, left, top, right, bottom });
        }
      }
      boxes.sort((a, b) => a.top - b.top);
      const found: Array<{ first: string; second: string; area: [number, number, number, number] }> = [];
      for (let i = 0; i < boxes.length; i++) {
        const a = boxes[i]!;
        for (let j = i + 1; j < boxes.length && boxes[j]!.top < a.bottom; j++) {
          const b = boxes[j]!;
          if (a.node === b.node) continue;
          const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          const lower = Math.min(a.bottom - a.top, b.bottom - b.top);
          if (width >= limits.px && height >= Math.max(limits.px, limits.share * lower)) {
            found.push({
              first: a.name,
              second: b.name,
              area: [Math.max(a.left, b.left), Math.max(a.top, b.top), width, height].map((v) => Math.round(v)) as [number, number, number, number],
            });
          }
        }
      }
      return found;
    },
    { px: MIN_OVERLAP_PX, share: MIN_VERTICAL_SHARE },
  );
}

/** Fails, naming them, when any two pieces of visible text under `root` (a locator or a selector; the page by default) overlap. */
export async function expectNoOverlap(page: Page, root: Locator | string = 'body'): Promise<void> {
  const overlaps = await textOverlaps(page, root);
  expect(
    overlaps.map((o) => `${o.first} overlaps ${o.second} at x=${o.area[0]} y=${o.area[1]} (${o.area[2]}x${o.area[3]} px)`),
    'overlapping text',
  ).toEqual([]);
}

/** The height, in CSS px, of the smallest visible line of text under `root` (labels shrunk by a scaled SVG show here). */
export async function smallestTextHeightPx(page: Page, root: Locator | string): Promise<number> {
  const locator = typeof root === 'string' ? page.locator(root) : root;
  return locator.first().evaluate((element) => {
    let smallest = Infinity;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest('title, figcaption')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.height > 1) smallest = Math.min(smallest, r.height);
    }
    return smallest;
  });
}
