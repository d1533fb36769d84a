import Link from '@mui/material/Link';
import type { GridColDef, GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

/** Where a row leads (its detail or edit screen); undefined for a row that leads nowhere. */
export type RowHref<Item> = (row: Item) => string | undefined;

/** Controls that decide themselves what a click or Enter does, and the actions cell around them. */
const CONTROLS =
  'a, button, input, textarea, select, [role="checkbox"], [role="combobox"], [data-field="__actions"]';

/**
 * The column that carries the row's link: its content becomes a real anchor, so the browser's
 * "open in new tab", Ctrl/middle click and the context menu work, and a screen reader hears a link.
 * The anchor takes the cell's tabIndex, so the grid stays one Tab stop (arrow keys move inside it).
 */
export const withRowLink = <Item extends GridValidRowModel>(
  column: GridColDef<Item>,
  rowHref: RowHref<Item>,
): GridColDef<Item> => ({
  ...column,
  renderCell: (params) => {
    const content = column.renderCell ? column.renderCell(params) : params.formattedValue;
    const href = rowHref(params.row);
    if (!href) return content;
    return (
      <Link
        component={RouterLink}
        to={href}
        tabIndex={params.tabIndex}
        color="inherit"
        underline="hover"
        sx={{
          display: 'block',
          height: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          // The cell around it shows the focus (DataTable), one ring rather than two.
          '&:focus-visible': { outline: 'none' },
        }}
      >
        {content}
      </Link>
    );
  },
});

/**
 * Opening a row from anywhere on it: a click follows its link, Ctrl/⌘/Shift or the middle button
 * opens it in a new tab, and Enter on a focused cell opens it (Ctrl/⌘+Enter in a new tab). Clicks
 * on the row's own controls (its link, its action buttons) are left to them.
 */
export const useRowOpening = <Item extends GridValidRowModel>(
  rows: readonly Item[],
  getRowId: (row: Item) => GridRowId,
  rowHref: RowHref<Item> | undefined,
) => {
  const navigate = useNavigate();
  if (!rowHref) return {};

  const hrefAt = (target: EventTarget) => {
    const element = target as HTMLElement;
    if (element.closest(CONTROLS)) return undefined;
    const id = element.closest<HTMLElement>('[role="row"][data-id]')?.dataset.id;
    const row = id === undefined ? undefined : rows.find((candidate) => String(getRowId(candidate)) === id);
    return row && rowHref(row);
  };
  const open = (href: string, newTab: boolean) => {
    if (newTab) window.open(href, '_blank', 'noopener');
    else navigate(href);
  };

  return {
    onClick: (event: MouseEvent) => {
      const href = hrefAt(event.target);
      // Selecting text in a cell is not a request to leave the list.
      if (!href || window.getSelection()?.toString()) return;
      open(href, event.ctrlKey || event.metaKey || event.shiftKey);
    },
    onAuxClick: (event: MouseEvent) => {
      const href = event.button === 1 && hrefAt(event.target);
      if (href) open(href, true);
    },
    onKeyDown: (event: KeyboardEvent) => {
      // Only a focused cell itself: Enter on the row's link or buttons is theirs.
      if (event.key !== 'Enter' || (event.target as HTMLElement).getAttribute('role') !== 'gridcell') return;
      const href = hrefAt(event.target);
      if (!href) return;
      event.preventDefault();
      open(href, event.ctrlKey || event.metaKey);
    },
  };
};
