import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Form, SubmitButton, SwitchField, TextField, useZodForm } from '../../lib/form';
import { ChannelTypesField } from './ChannelTypesField';
import { type ChannelFormInput, channelFlags, channelForm, fixedOffOnCreate } from './channels.resource';
import { TagsField } from './TagsField';

type ChannelFormProps = {
  mode: 'create' | 'edit';
  defaultValues: ChannelFormInput;
  onSubmit: (values: z.output<typeof channelForm>) => Promise<unknown>;
};

function Section({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/**
 * Every field of a channel (spec §3), for /registration/channels/new and …/{id}/edit. The flags a
 * new channel may not start with (spec §7) are shown locked on create, with a word on why.
 */
export function ChannelForm({ mode, defaultValues, onSubmit }: ChannelFormProps) {
  const { t } = useTranslation('channels');
  const form = useZodForm(channelForm, { defaultValues });
  return (
    <Form form={form} labels="channels" onSubmit={(values) => onSubmit(values)}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title={t('form.names')} subheader={t('form.namesHint')}>
            <Box sx={pair}>
              <TextField name="channel_name" autoFocus={mode === 'create'} />
              <TextField name="channel_name_en" />
            </Box>
            <Box sx={pair}>
              <TextField name="channel_exp" multiline minRows={3} />
              <TextField name="channel_exp_en" multiline minRows={3} />
            </Box>
          </Section>
          <Section title={t('form.grouping')}>
            <ChannelTypesField name="channel_types" hint="channels:form.typesHint" />
            <TagsField name="tags" hint="channels:form.tagsHint" />
            <TextField name="event_id" sx={{ maxWidth: { md: 360 } }} hint="channels:form.eventHint" />
          </Section>
        </Stack>
        <Section title={t('form.settings')}>
          {channelFlags.map((flag, index) => {
            const locked = mode === 'create' && fixedOffOnCreate.includes(flag);
            return (
              <Box key={flag}>
                {index === 3 && <Divider sx={{ mb: 2 }} />}
                <SwitchField
                  name={flag}
                  disabled={locked}
                  hint={locked ? 'channels:form.lockedOnCreate' : `channels:flagHints.${flag}`}
                />
              </Box>
            );
          })}
        </Section>
      </Box>
      <SubmitButton size="large" sx={{ alignSelf: 'flex-end' }} />
    </Form>
  );
}
