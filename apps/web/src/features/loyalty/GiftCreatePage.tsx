import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { emptyGift, GiftForm } from './GiftForm';
import { GIFTS_PATH, gifts } from './gifts.resource';

/** /loyalty/gifts/new. */
export default function GiftCreatePage() {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const create = gifts.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('gifts.new')}
        crumbs={[
          { label: t('title') },
          { label: t('gifts.title'), to: GIFTS_PATH },
          { label: t('gifts.new') },
        ]}
      />
      <GiftForm
        defaultValues={emptyGift}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate(GIFTS_PATH);
        }}
      />
    </>
  );
}
