import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A list page's main action: the link to its create screen. */
export function CreateButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to} variant="contained" startIcon={<AddIcon />}>
      {children}
    </Button>
  );
}
