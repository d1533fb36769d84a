import Box from '@mui/material/Box';
import { ErrorPageFrame } from './ErrorPageFrame';
import NotFoundView from './NotFoundInLayout';

/** /404 outside the signed-in layout: the same words in the error pages' own frame. */
export default function NotFoundPage() {
  return (
    <ErrorPageFrame>
      <Box component="main" sx={{ display: 'flex', flexGrow: 1 }}>
        <NotFoundView />
      </Box>
    </ErrorPageFrame>
  );
}
