import {
  type CouponProviderInput,
  couponProviderInput,
  couponProviderTypeLabels,
  couponProviderTypes,
  type Language,
} from '@avlu/contracts';
import Card from '@mui/material/Card';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { couponProviders, useProviderStoreCategories } from './coupon-providers.resource';

/** The store picker: the mall's open stores under their categories, in the screen's language. */
const StoreField = () => {
  const { i18n } = useTranslation();
  const categories = useProviderStoreCategories();
  const options = (categories.data ?? []).flatMap((category) =>
    category.stores.map((store) => ({
      value: store._id,
      label: store.store_name,
      group: i18n.language === 'en' ? category.store_category_name_en : category.store_category_name,
    })),
  );
  return <SelectField name="coupon_provider_store_id" options={options} disabled={categories.isPending} />;
};

/** /campaigns/coupon-providers/new: a store of the mall, or another party that honours codes. */
export default function CouponProviderCreatePage() {
  const { t, i18n } = useTranslation('coupon-providers');
  const navigate = useNavigate();
  const create = couponProviders.useCreate({ error: false });
  const form = useZodForm(couponProviderInput, {
    defaultValues: {
      coupon_provider_name: '',
      coupon_provider_type: 'store',
      coupon_provider_store_id: null,
    },
  });
  const type = useWatch({ control: form.control, name: 'coupon_provider_type' });
  // Another party names no store: a store picked before switching is dropped, not sent.
  useEffect(() => {
    if (type === 'other') form.setValue('coupon_provider_store_id', null);
  }, [type, form]);
  const types = couponProviderTypes.map((value) => ({
    value,
    label: couponProviderTypeLabels[i18n.language as Language][value],
  }));
  return (
    <>
      <PageHeader
        title={t('new')}
        crumbs={[
          { label: t('group') },
          { label: t('title'), to: '/campaigns/coupon-providers' },
          { label: t('new') },
        ]}
      />
      <Card sx={{ p: 3, maxWidth: 720 }}>
        <Form
          form={form}
          labels="coupon-providers"
          onSubmit={async (values: CouponProviderInput) => {
            await create.mutateAsync(values);
            navigate('/campaigns/coupon-providers');
          }}
        >
          <TextField name="coupon_provider_name" autoFocus />
          <SelectField name="coupon_provider_type" options={types} />
          {type === 'store' && <StoreField />}
          <SubmitButton sx={{ alignSelf: 'flex-end' }} />
        </Form>
      </Card>
    </>
  );
}
