import { type Agreement, agreementInput, agreementTargets, agreementTypes } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { Form, SelectField, SubmitButton, SwitchField, TextField, useZodForm } from '../../lib/form';
import { agreements, uploadAgreementPdf } from './agreements.resource';
import './texts';

const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

function PdfPicker({
  label,
  file,
  onChange,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation('agreements');
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{label}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" size="small">
          {t('choosePdf')}
          <input
            hidden
            type="file"
            accept="application/pdf,.pdf"
            aria-label={label}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" noWrap>
          {file?.name ?? t('pdfHint')}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** /agreements/new: a new text, a new version; its PDFs are uploaded (and checked) when it is saved. */
export default function AgreementCreatePage() {
  const { t } = useTranslation('agreements');
  const navigate = useNavigate();
  const create = agreements.useCreate({ error: false });
  const [pdfTr, setPdfTr] = useState<File | null>(null);
  const [pdfEn, setPdfEn] = useState<File | null>(null);
  const form = useZodForm(agreementInput, {
    defaultValues: {
      agreement_title: '',
      agreement_text: '',
      agreement_type: 'terms_and_conditions',
      agreement_target: 'mobileapp',
      agreement_in_use: false,
    },
  });
  return (
    <>
      <PageHeader title={t('new')} crumbs={[{ label: t('title'), to: '/agreements' }, { label: t('new') }]} />
      <Card sx={{ p: 3, maxWidth: 880 }}>
        <Form
          form={form}
          labels="agreements"
          onSubmit={async (values) => {
            const agreement_text_pdf_tr = pdfTr ? await uploadAgreementPdf(pdfTr) : null;
            const agreement_text_pdf_en = pdfEn ? await uploadAgreementPdf(pdfEn) : null;
            const created = await create.mutateAsync({
              ...values,
              agreement_text_pdf_tr,
              agreement_text_pdf_en,
            });
            navigate(`/agreements/${(created as Agreement)._id}`);
          }}
        >
          <TextField name="agreement_title" autoFocus />
          <Box sx={pair}>
            <SelectField
              name="agreement_type"
              options={agreementTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
            />
            <SelectField
              name="agreement_target"
              options={agreementTargets.map((value) => ({ value, label: t(`targets.${value}`) }))}
            />
          </Box>
          <TextField name="agreement_text" multiline minRows={8} />
          <Box sx={pair}>
            <PdfPicker label={t('fields.agreement_text_pdf_tr')} file={pdfTr} onChange={setPdfTr} />
            <PdfPicker label={t('fields.agreement_text_pdf_en')} file={pdfEn} onChange={setPdfEn} />
          </Box>
          <SwitchField name="agreement_in_use" />
          <Typography variant="body2" color="text.secondary">
            {t('versionHint')} {t('inUseHint')}
          </Typography>
          <SubmitButton sx={{ alignSelf: 'flex-end' }} />
        </Form>
      </Card>
    </>
  );
}
