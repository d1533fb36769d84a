import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../lib/data-table';
import { useExport } from '../../lib/excel/use-export';
import { downloadReport, type ReportFormat } from './monthly-reports.resource';
import './texts';

const icons: Record<ReportFormat, typeof DescriptionOutlinedIcon> = {
  xlsx: DescriptionOutlinedIcon,
  pdf: PictureAsPdfOutlinedIcon,
};

/** The report's two downloads (Excel and PDF), as row actions or header buttons; one download at a time. */
export function DownloadButtons({
  id,
  name,
  buttons = false,
}: {
  id: string;
  name: string;
  buttons?: boolean;
}) {
  const { t } = useTranslation('monthly-reports');
  const exporting = useExport();
  return (
    <>
      {(['xlsx', 'pdf'] as const).map((format) => {
        const key = `${id}:${format}`;
        const Icon = icons[format];
        const label = (exporting.running === key && exporting.progress) || t(`actions.${format}`);
        const icon =
          exporting.running === key ? (
            <CircularProgress size={18} color="inherit" />
          ) : (
            <Icon fontSize="small" />
          );
        const run = () =>
          void exporting.run({
            key,
            download: (onProgress) => downloadReport(id, format, onProgress),
            done: t('downloaded', { name }),
          });
        if (buttons)
          return (
            <Button
              key={format}
              variant={format === 'pdf' ? 'contained' : 'outlined'}
              startIcon={icon}
              disabled={exporting.busy}
              onClick={run}
            >
              {label}
            </Button>
          );
        return <RowAction key={format} label={label} icon={icon} disabled={exporting.busy} onClick={run} />;
      })}
    </>
  );
}
