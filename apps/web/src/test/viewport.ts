/**
 * jsdom has no layout and no matchMedia, so MUI's useMediaQuery would always answer "no". This
 * evaluates min-width/max-width queries against a width the test chooses (desktop by default).
 */
let width = 1280;

const matches = (query: string) =>
  [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, value]) =>
    kind === 'min' ? width >= Number(value) : width <= Number(value),
  );

export const installMatchMedia = () => {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
};

/** The viewport width media queries see from the next render on (1280 px, an lg desktop, by default). */
export const setViewportWidth = (px: number) => {
  width = px;
};

export const resetViewport = () => {
  width = 1280;
};
