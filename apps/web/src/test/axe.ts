import axe from 'axe-core';

/**
 * The structural axe-core rules a component test can check in jsdom: roles, names and what each role
 * may hold. Colour contrast and the like need a real browser; the journeys in e2e/ run every rule.
 */
export const axeViolations = async (element: Element = document.body) => {
  const { violations } = await axe.run(element, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.html.slice(0, 160)),
  }));
};
