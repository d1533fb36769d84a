import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

/**
 * Review of issue 17: the lendings table scrolled sideways on a 1440 px screen. Beside the side
 * menu it fits now: the grid's content is no wider than the grid.
 */
describe('lendings table at 1440 px', () => {
  const browser = useBrowser({ viewport: { width: 1440, height: 900 } });

  it('shows every column without scrolling sideways', async () => {
    const { page } = browser;
    await browser.open('/lending/lended-customers');
    const grid = page.getByRole('grid', { name: 'Ödünç Alan Müşteriler' });
    await grid.getByRole('row').nth(1).waitFor();
    const widths = await grid.evaluate((element) => {
      const scroller = element.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
      return { content: scroller.scrollWidth, shown: scroller.clientWidth };
    });
    await browser.screenshot('lending-table-1440');
    expect(widths.content).toBeLessThanOrEqual(widths.shown);
  });
});
