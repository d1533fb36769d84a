import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import './texts';

export type TableColumn = { label: string; numeric?: boolean };
export type TableRowData = { key: string; header: string; cells: ReactNode[] };

/**
 * A chart in its card, with the same figures as a table behind it: read by screen readers, shown
 * to everyone when the page's switch says so. The drawing itself is hidden from assistive
 * technology and out of the tab order (the charts are drawn with `disableKeyboardNavigation`): the
 * table says it all.
 */
export function ChartCard({
  title,
  hint,
  chart,
  columns,
  rows,
  tables,
  wide = false,
}: {
  title: string;
  hint?: string;
  chart: ReactNode;
  /** The columns after the row header (the first column's label is `columns[0]`). */
  columns: TableColumn[];
  rows: TableRowData[];
  tables: boolean;
  wide?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [first, ...others] = columns;
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0, gridColumn: wide ? { lg: '1 / -1' } : undefined }}
    >
      <Typography variant="h6" component="h3" id={id}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
      <Box aria-hidden sx={{ width: 1, mt: 1 }}>
        {chart}
      </Box>
      <TableContainer sx={tables ? { mt: 1, maxHeight: 360 } : visuallyHidden}>
        <Table size="small" stickyHeader>
          <caption style={visuallyHidden}>{title}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {first?.label}
              </TableCell>
              {others.map((column) => (
                <TableCell
                  key={column.label}
                  component="th"
                  scope="col"
                  align={column.numeric ? 'right' : 'left'}
                >
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('charts.noData')}</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {row.header}
                </TableCell>
                {row.cells.map((cell, index) => (
                  <TableCell
                    key={others[index]?.label ?? index}
                    align={others[index]?.numeric ? 'right' : 'left'}
                  >
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

/** A chart card's place while the first answer loads. */
export function ChartCardSkeleton({ wide = false }: { wide?: boolean }) {
  return (
    <Card sx={{ p: { xs: 2, md: 2.5 }, gridColumn: wide ? { lg: '1 / -1' } : undefined }}>
      <Skeleton width="50%" />
      <Skeleton variant="rounded" height={240} sx={{ mt: 1 }} />
    </Card>
  );
}
