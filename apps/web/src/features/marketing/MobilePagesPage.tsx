import {
  isObjectId,
  type MobilePage,
  type MobilePageInput,
  mobilePageInput,
  mobilePageTypes,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { Section } from './editor-parts';
import { mobilePages } from './marketing.resource';
import './texts';

const BASE = '/marketing/mobile-pages';

/** /marketing/mobile-pages: the pages of the mall's app a push can open (spec §3 Mobile page). */
export function MobilePagesPage() {
  const { t } = useTranslation('marketing');
  const columns = useMemo<GridColDef<MobilePage>[]>(
    () => [
      { field: 'mobile_page_title', flex: 1, minWidth: 200 },
      { field: 'mobile_page_name', flex: 0.8, minWidth: 160 },
      {
        field: 'mobile_page_type',
        width: 150,
        valueFormatter: (value: string) => t(`mobilePages.types.${value}`),
      },
      { field: 'mobile_page_redirect_page', flex: 0.6, minWidth: 140, sortable: false },
    ],
    [t],
  );
  return (
    <ResourceListPage<MobilePage>
      resource={mobilePages}
      columns={columns}
      labels="marketing"
      title={t('mobilePages.title')}
      crumbs={[{ label: t('title'), to: '/marketing' }, { label: t('mobilePages.title') }]}
      create={{ to: `${BASE}/new`, label: t('mobilePages.create') }}
      searchPlaceholder={t('list.search')}
      emptyState={{ text: t('mobilePages.empty') }}
      rowActions={{
        edit: { to: (row) => `${BASE}/${row._id}/edit` },
        remove: { confirm: t('mobilePages.deleteTitle'), describe: (row) => row.mobile_page_title },
      }}
      rowName={(row) => row.mobile_page_title}
    />
  );
}

function MobilePageForm({
  defaultValues,
  onSubmit,
}: {
  defaultValues: MobilePageInput;
  onSubmit: (values: MobilePageInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('marketing');
  const form = useZodForm(mobilePageInput, { defaultValues });
  return (
    <Form form={form} labels="marketing" onSubmit={onSubmit}>
      <Section title={t('mobilePages.page')}>
        <TextField name="mobile_page_title" required />
        <TextField name="mobile_page_name" required hint="marketing:mobilePages.nameHint" />
        <SelectField
          name="mobile_page_type"
          required
          options={mobilePageTypes.map((type) => ({ value: type, label: t(`mobilePages.types.${type}`) }))}
        />
        <TextField name="mobile_page_redirect_page" hint="marketing:mobilePages.redirectHint" />
        <TextField name="mobile_page_redirect_value" />
      </Section>
      <SubmitButton sx={{ alignSelf: 'flex-end' }} />
    </Form>
  );
}

/** /marketing/mobile-pages/new and …/{id}/edit. */
export function MobilePageEditPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const { id } = useParams();
  const one = mobilePages.useOne(mode === 'edit' && isObjectId(id) ? id : undefined);
  const create = mobilePages.useCreate({ error: false });
  const update = mobilePages.useUpdate({ error: false });
  const title = t(mode === 'create' ? 'mobilePages.new' : 'mobilePages.edit');
  const problem = mode === 'edit' && (!isObjectId(id) ? t('errors:NOT_FOUND') : one.error?.message);
  const row = one.data;
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('title'), to: '/marketing' },
          { label: t('mobilePages.title'), to: BASE },
          { label: row?.mobile_page_title ?? title },
        ]}
      />
      {problem ? (
        <Alert severity="error">{problem}</Alert>
      ) : mode === 'create' ? (
        <MobilePageForm
          defaultValues={{
            mobile_page_title: '',
            mobile_page_name: '',
            mobile_page_type: 'main',
            mobile_page_redirect_page: '',
            mobile_page_redirect_value: '',
          }}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            navigate(BASE);
          }}
        />
      ) : row ? (
        <MobilePageForm
          key={row._id}
          defaultValues={{
            mobile_page_title: row.mobile_page_title,
            mobile_page_name: row.mobile_page_name,
            mobile_page_type: row.mobile_page_type,
            mobile_page_redirect_page: row.mobile_page_redirect_page ?? '',
            mobile_page_redirect_value: row.mobile_page_redirect_value ?? '',
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate(BASE);
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
