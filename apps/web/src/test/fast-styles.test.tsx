import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFastStyles, keysOf, keysOfElement, uninstallFastStyles } from './fast-styles';
import { renderWithProviders } from './render';

/** Every selector of the page's style rules, those inside @media rules too. */
const pageSelectors = () => {
  const selectors = new Set<string>();
  const walk = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) selectors.add(rule.selectorText);
      else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
  return [...selectors];
};

// Shapes of jsdom's browser defaults and of hand-written CSS, beside the page's own.
const TRICKY = [
  'td, th',
  'TD',
  'table[rules="none" i] > tr > td, table[rules="all" i] > tr > th',
  'input:not([type="image" i], [type="range" i], [type="checkbox" i])',
  ':is(dir, menu, ol, ul) :is(dir, menu, ul)',
  'input:is([type="reset" i], [type="button" i]), button',
  '.MuiButton-root:has(> .MuiSvgIcon-root)',
  '.MuiStack-root>:not(style)~:not(style)',
  '.MuiButtonBase-root.Mui-disabled',
  '.MuiDialog-root .MuiPaper-root',
  'label + .MuiInputBase-root',
  'svg',
  'path',
  '*, *::before, *::after',
  '[hidden]:not([hidden="until-found" i]):not(embed)',
  'dialog::backdrop',
  ':focus-visible',
  '#root',
  'div.div',
  '[dir="ltr" i]',
  'svg[viewBox]',
  '.MuiButton-root > span',
  'ul > li + li',
  '[aria-hidden="true"] > *',
  '.MuiDialog-container > .MuiPaper-root ~ *',
  ':popover-open::backdrop',
];

const Page = () => (
  <Stack spacing={2}>
    <Button>Kaydet</Button>
    <Button disabled variant="contained">
      Sil
    </Button>
    <TextField label="Ad" required />
    <TextField label="Açıklama" multiline minRows={2} />
    <FormControlLabel control={<Checkbox />} label="SMS izni" />
    <FormControlLabel control={<Switch />} label="Aktif" />
    <Chip label="Etkinlik" onDelete={() => {}} />
    <Alert severity="error">Bir hata oluştu</Alert>
    <List>
      <ListItem>Bir</ListItem>
    </List>
    <Table>
      <TableHead>
        <TableRow>
          <TableCell>Ad</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          <TableCell>Ayşe</TableCell>
        </TableRow>
      </TableBody>
    </Table>
    <Dialog open>
      <DialogTitle>Silinsin mi?</DialogTitle>
      <DialogContent>
        <div hidden>gizli</div>
        <FormControlLabel control={<Checkbox />} label="Onaylıyorum" />
        <Button>Vazgeç</Button>
      </DialogContent>
    </Dialog>
  </Stack>
);

const STYLE_PROPERTIES = ['display', 'visibility', 'pointer-events', 'color'] as const;
const computedStyles = () =>
  Array.from(document.querySelectorAll('*'), (element) => {
    const style = getComputedStyle(element);
    return STYLE_PROPERTIES.map((property) => style.getPropertyValue(property)).join(' ');
  });

/** Every element's computed style, from jsdom's own cascade. */
const jsdomStyles = () => {
  expect(uninstallFastStyles()).toBe(true);
  // Any change to the page drops jsdom's cache of computed styles; a comment changes no style.
  const comment = document.body.appendChild(document.createComment(''));
  try {
    return computedStyles();
  } finally {
    comment.remove();
    installFastStyles();
  }
};

describe('fast computed styles (test setup)', () => {
  it('indexes a rule under a key every element it matches has, and passes most rules over', async () => {
    renderWithProviders(<Page />);
    await screen.findByRole('dialog', { name: 'Silinsin mi?' });
    const elements = Array.from(document.querySelectorAll('*'));
    const selectors = [...pageSelectors(), ...TRICKY];
    expect(selectors.length).toBeGreaterThan(100);

    let passedOver = 0;
    for (const selector of selectors) {
      const keys = keysOf(selector);
      for (const element of elements) {
        if (!keys || keysOfElement(element).some((key) => keys.includes(key))) continue;
        passedOver++;
        let matches = false;
        try {
          matches = element.matches(selector);
        } catch {
          // A selector jsdom's matches() refuses (a pseudo-element) never styles the element either.
        }
        expect(matches, `${selector} on <${element.localName} class="${element.className}">`).toBe(false);
      }
    }
    // Most pairs are never tried: that is the time saved.
    expect(passedOver).toBeGreaterThan(0.8 * selectors.length * elements.length);
  });

  it("computes every element's style as jsdom does, before and after the page and its rules change", async () => {
    const { user } = renderWithProviders(<Page />);
    const dialog = await screen.findByRole('dialog', { name: 'Silinsin mi?' });
    expect(computedStyles()).toEqual(jsdomStyles());

    // A kept style is dropped with jsdom's cascade: a class, an inline style, a new rule.
    const cancel = screen.getByRole('button', { name: 'Vazgeç' });
    const before = getComputedStyle(cancel).getPropertyValue('color');
    const rule = document.head.appendChild(document.createElement('style'));
    rule.textContent = '.avlu-test-red { color: rgb(255, 0, 0) } @media print { button { display: none } }';
    cancel.classList.add('avlu-test-red');
    expect(getComputedStyle(cancel).getPropertyValue('color')).toBe('rgb(255, 0, 0)');
    cancel.style.visibility = 'hidden';
    expect(getComputedStyle(cancel).getPropertyValue('visibility')).toBe('hidden');
    expect(screen.queryByRole('button', { name: 'Vazgeç' })).toBeNull();
    cancel.removeAttribute('style');
    rule.remove();
    expect(getComputedStyle(cancel).getPropertyValue('color')).toBe(before);

    await user.click(screen.getByRole('checkbox', { name: 'Onaylıyorum' }));
    expect(dialog).toBeVisible();
    expect(computedStyles()).toEqual(jsdomStyles());
  });
});
