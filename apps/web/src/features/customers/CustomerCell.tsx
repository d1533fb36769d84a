import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { displayPhone } from './customers.resource';

/** A list cell naming a customer with their phone beneath, small: one column instead of two. */
export function CustomerCell({ name, phone }: { name: string; phone: string | null | undefined }) {
  return (
    <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3 }}>
      <span>{name}</span>
      <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
        {phone ? displayPhone(phone) : ''}
      </Box>
    </Stack>
  );
}
