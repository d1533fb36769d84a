import { type Feedback, feedbackStatuses } from '@avlu/contracts';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useUrlFilters } from '../../lib/data-table';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { FeedbackStatusChip } from './FeedbackStatusChip';
import { feedbacks, feedbackTypes } from './feedbacks.resource';
import './texts';

export const typeName = (
  row: Pick<Feedback, 'feedback_type_name' | 'feedback_type_name_en'>,
  language: string,
) => (language === 'en' ? row.feedback_type_name_en : row.feedback_type_name);

const useColumns = (): GridColDef<Feedback>[] => {
  const { t } = useTranslation('feedbacks');
  const language = useLanguage();
  return useMemo(
    () => [
      { field: 'feedback_title', flex: 1, minWidth: 220, sortable: false },
      {
        field: 'feedback_type',
        width: 160,
        sortable: false,
        valueGetter: (_, row) => typeName(row, language),
      },
      {
        field: 'feedback_name',
        headerName: t('person'),
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) =>
          row.feedback_anonymous ? (
            <Chip size="small" variant="outlined" label={t('anonymous')} />
          ) : (
            `${row.feedback_name ?? ''} ${row.feedback_surname ?? ''}`
          ),
      },
      {
        field: 'feedback_status',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <FeedbackStatusChip status={row.feedback_status} />,
      },
      {
        field: 'createdAt',
        width: 160,
        sortable: false,
        valueGetter: (_, row) => formatDateTime(row.createdAt),
      },
    ],
    [t, language],
  );
};

/** /feedbacks/list: the mall's feedback, newest first, with status and type filters (issue 17 #7). */
export default function FeedbacksPage() {
  const { t } = useTranslation('feedbacks');
  const language = useLanguage();
  const columns = useColumns();
  const { params: search, set } = useUrlFilters();
  const status = search.get('status') ?? '';
  const type = search.get('type') ?? '';
  const types = feedbackTypes.useList({ pagination: { limit: 1000, currentPage: 1 } });
  const params = useMemo(
    () => ({ filter: { ...(status && { feedback_status: status }), ...(type && { feedback_type: type }) } }),
    [status, type],
  );
  return (
    <ResourceListPage<Feedback>
      resource={feedbacks}
      columns={columns}
      params={params}
      urlState
      labels="feedbacks"
      title={t('title')}
      crumbs={[{ label: t('group'), to: '/feedbacks' }, { label: t('title') }]}
      create={{ to: '/feedbacks/new', label: t('new') }}
      headerActions={
        <Button component={RouterLink} to="/feedbacks/types" startIcon={<SettingsOutlinedIcon />}>
          {t('types.title')}
        </Button>
      }
      searchPlaceholder={t('searchPlaceholder')}
      toolbar={
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('fields.feedback_status')}
            value={status}
            onChange={(event) => set('status', event.target.value)}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">{t('allStatuses')}</MenuItem>
            {feedbackStatuses.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`statuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('fields.feedback_type')}
            value={type}
            onChange={(event) => set('type', event.target.value)}
            sx={{ minWidth: 190 }}
          >
            <MenuItem value="">{t('allTypes')}</MenuItem>
            {(types.data?.data ?? []).map((row) => (
              <MenuItem key={row._id} value={row._id}>
                {typeName(row, language)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      }
      emptyState={{ text: t('empty') }}
      rowHref={(row) => `/feedbacks/${row._id}`}
      rowName={(row) => row.feedback_title}
    />
  );
}
