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
import { installFastStyles, mayMatch, uninstallFastStyles } from './fast-styles';
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

describe('fast computed styles (test setup)', () => {
  it('passes over only rules that cannot match, and leaves every computed style as jsdom has it', async () => {
    renderWithProviders(<Page />);
    await screen.findByRole('dialog', { name: 'Silinsin mi?' });
    const elements = Array.from(document.querySelectorAll('*'));
    const selectors = [...pageSelectors(), ...TRICKY];
    expect(selectors.length).toBeGreaterThan(100);

    let skipped = 0;
    for (const selector of selectors) {
      for (const element of elements) {
        if (mayMatch(element, selector)) continue;
        skipped++;
        let matches = false;
        try {
          matches = element.matches(selector);
        } catch {
          // A selector jsdom's matches() refuses (a pseudo-element) never styles the element either.
        }
        expect(matches, `${selector} on <${element.localName} class="${element.className}">`).toBe(false);
      }
    }
    // Most pairs are passed over: that is the time saved.
    expect(skipped).toBeGreaterThan(0.8 * selectors.length * elements.length);

    const fast = computedStyles();
    expect(uninstallFastStyles()).toBe(true);
    // Any change to the page drops jsdom's cache of computed styles; a comment changes no style.
    const comment = document.body.appendChild(document.createComment(''));
    try {
      expect(computedStyles()).toEqual(fast);
    } finally {
      comment.remove();
      installFastStyles();
    }
  });
});
