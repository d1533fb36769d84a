import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What fails a journey: axe's two worst levels. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

const describeViolation = (violation: Result) =>
  [
    `- ${violation.id} (${violation.impact}): ${violation.help}`,
    ...violation.nodes.map(
      (node) =>
        `    ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
    ),
  ].join('\n');

/**
 * Runs axe-core (WCAG 2.x A and AA, and its best practices) on the page as it is now, and throws
 * with a readable list when it finds any serious or critical violation. `label` names the screen in
 * the message (`'customer list, tr, 390'`). The source goes in through the DevTools protocol, which
 * the app's Content-Security-Policy (no inline scripts) does not stop.
 */
export const expectAccessible = async (page: Page, label: string) => {
  // Let MUI's transitions end: a dialog caught mid-fade has half its contrast.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe.run(document, { resultTypes: ['violations'] }),
  );
  const failing = results.violations.filter((violation) => FAILING.includes(violation.impact ?? null));
  if (failing.length > 0)
    throw new Error(
      `axe-core found ${failing.length} serious or critical accessibility violation(s) on ${label} (${page.url()}):\n${failing.map(describeViolation).join('\n')}`,
    );
};
