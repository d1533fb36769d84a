import { isObjectId, type MallPost, type MallPostInput, mallPostInput, type PostKind } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { DateField, Form, SubmitButton, SwitchField, TextField, useZodForm } from '../../lib/form';
import { formatDate } from '../../lib/i18n/dates';
import { ImageUrlField, Section } from './editor-parts';
import { postResources } from './marketing.resource';
import './texts';

export const postBase = (kind: PostKind) => `/settings/${kind}s`;

/** /settings/events and /settings/promotions: the mall's events and promotions a newsletter lists. */
export function PostsPage({ kind }: { kind: PostKind }) {
  const { t } = useTranslation('marketing');
  const columns = useMemo<GridColDef<MallPost>[]>(
    () => [
      { field: 'post_title', flex: 1, minWidth: 220 },
      { field: 'post_start_date', width: 160, valueFormatter: (value: string) => formatDate(value) },
      { field: 'post_end_date', width: 160, valueFormatter: (value: string) => formatDate(value) },
      {
        field: 'post_is_active',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.post_is_active ? 'success' : 'default'}
            label={t(row.post_is_active ? 'posts.active' : 'posts.inactive')}
          />
        ),
      },
    ],
    [t],
  );
  return (
    <ResourceListPage<MallPost>
      resource={postResources[kind]}
      columns={columns}
      labels="marketing"
      title={t(`posts.${kind}.title`)}
      crumbs={[{ label: t('posts.settings') }, { label: t(`posts.${kind}.title`) }]}
      create={{ to: `${postBase(kind)}/new`, label: t(`posts.${kind}.create`) }}
      searchPlaceholder={t('list.search')}
      emptyState={{ text: t(`posts.${kind}.empty`) }}
      rowActions={{
        edit: { to: (row) => `${postBase(kind)}/${row._id}/edit` },
        remove: { confirm: t(`posts.${kind}.deleteTitle`), describe: (row) => row.post_title },
      }}
      rowName={(row) => row.post_title}
    />
  );
}

function PostForm({
  defaultValues,
  onSubmit,
}: {
  defaultValues: MallPostInput;
  onSubmit: (values: MallPostInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('marketing');
  const form = useZodForm(mallPostInput, { defaultValues });
  return (
    <Form form={form} labels="marketing" onSubmit={onSubmit}>
      <Section title={t('posts.post')}>
        <TextField name="post_title" required />
        <TextField name="post_description" multiline minRows={3} />
        <DateField name="post_start_date" />
        <DateField name="post_end_date" />
        <TextField name="post_link" type="url" hint="marketing:email.linkHint" />
        <ImageUrlField name="post_image" />
        <SwitchField name="post_is_active" />
      </Section>
      <SubmitButton sx={{ alignSelf: 'flex-end' }} />
    </Form>
  );
}

/** /settings/{events,promotions}/new and …/{id}/edit. */
export function PostEditPage({ kind, mode }: { kind: PostKind; mode: 'create' | 'edit' }) {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const { id } = useParams();
  const resource = postResources[kind];
  const one = resource.useOne(mode === 'edit' && isObjectId(id) ? id : undefined);
  const create = resource.useCreate({ error: false });
  const update = resource.useUpdate({ error: false });
  const title = t(`posts.${kind}.${mode === 'create' ? 'new' : 'edit'}`);
  const problem = mode === 'edit' && (!isObjectId(id) ? t('errors:NOT_FOUND') : one.error?.message);
  const row = one.data;
  const base = postBase(kind);
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('posts.settings') },
          { label: t(`posts.${kind}.title`), to: base },
          { label: row?.post_title ?? title },
        ]}
      />
      {problem ? (
        <Alert severity="error">{problem}</Alert>
      ) : mode === 'create' ? (
        <PostForm
          defaultValues={{
            post_title: '',
            post_description: '',
            post_start_date: '',
            post_end_date: '',
            post_image: null,
            post_link: '',
            post_is_active: true,
          }}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            navigate(base);
          }}
        />
      ) : row ? (
        <PostForm
          key={row._id}
          defaultValues={{
            post_title: row.post_title,
            post_description: row.post_description ?? '',
            post_start_date: row.post_start_date,
            post_end_date: row.post_end_date,
            post_image: row.post_image,
            post_link: row.post_link ?? '',
            post_is_active: row.post_is_active,
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate(base);
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
