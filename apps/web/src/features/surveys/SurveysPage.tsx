import type { Survey } from '@avlu/contracts';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FormatListNumberedOutlinedIcon from '@mui/icons-material/FormatListNumberedOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { RowAction } from '../../lib/data-table';
import { useExport } from '../../lib/excel/use-export';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { useMallTimezone } from '../locations/my-locations';
import { SurveyStateChip } from './SurveyStateChip';
import { exportSurvey, surveys } from './surveys.resource';
import './texts';

const useColumns = (): GridColDef<Survey>[] => {
  const language = useLanguage();
  const timezone = useMallTimezone();
  return useMemo(() => {
    const count = new Intl.NumberFormat(language);
    const numeric = {
      type: 'number',
      align: 'left',
      headerAlign: 'left',
      sortable: false,
      width: 110,
      valueFormatter: (value: number) => count.format(value),
    } as const;
    const moment = {
      width: 160,
      valueFormatter: (value: string) => formatDateTime(value, { timezone }),
    };
    return [
      { field: 'survey_title', flex: 1, minWidth: 220 },
      { field: 'survey_start_at', ...moment },
      { field: 'survey_end_at', ...moment },
      {
        field: 'state',
        sortable: false,
        width: 130,
        renderCell: ({ row }) => <SurveyStateChip row={row} />,
      },
      { field: 'survey_question_count', ...numeric },
      { field: 'survey_answer_count', ...numeric },
    ];
  }, [language, timezone]);
};

/** /surveys/list (spec §2 "surveys"): the mall's surveys, newest first, with their questions, answers and export. */
export default function SurveysPage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const columns = useColumns();
  const exporting = useExport();
  return (
    <ResourceListPage
      resource={surveys}
      columns={columns}
      labels="surveys"
      urlState
      title={t('title')}
      crumbs={[{ label: t('title') }]}
      create={{ to: '/surveys/new', label: t('create') }}
      emptyState={{ text: t('empty') }}
      actionsWidth={180}
      rowName={(row) => row.survey_title}
      rowHref={(row) => `/surveys/${row._id}/questions`}
      rowActions={{
        extra: (row) => (
          <>
            <RowAction
              label={t('actions.questions')}
              icon={<FormatListNumberedOutlinedIcon fontSize="small" />}
              onClick={() => navigate(`/surveys/${row._id}/questions`)}
            />
            <RowAction
              label={(exporting.running === row._id && exporting.progress) || t('actions.export')}
              icon={
                exporting.running === row._id ? (
                  <CircularProgress size={18} color="inherit" />
                ) : (
                  <FileDownloadOutlinedIcon fontSize="small" />
                )
              }
              disabled={exporting.busy}
              onClick={() =>
                void exporting.run({
                  key: row._id,
                  download: (onProgress) => exportSurvey(row._id, onProgress),
                  done: t('exported', { name: row.survey_title }),
                })
              }
            />
          </>
        ),
        edit: { to: (row) => `/surveys/${row._id}/edit` },
        remove: {
          confirm: t('deleteTitle'),
          describe: (row) => t('deleteText', { name: row.survey_title }),
        },
      }}
    />
  );
}
