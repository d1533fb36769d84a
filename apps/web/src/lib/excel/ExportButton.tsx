import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { type ExportRun, useExport } from './use-export';

/**
 * A list's "export to Excel" button: while the file streams in it waits with a spinner and says how
 * much has arrived, then saves it and confirms once (`useExport`). `download` is called on click,
 * with the list's filter as it is then.
 */
export function ExportButton({ label, download, done }: Omit<ExportRun, 'key'> & { label: string }) {
  const exporting = useExport();
  return (
    <Button
      variant="outlined"
      disabled={exporting.busy}
      startIcon={
        exporting.busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />
      }
      aria-live="polite"
      onClick={() => exporting.run({ download, done })}
    >
      {exporting.progress ?? label}
    </Button>
  );
}
