import { type ChannelTypeInput, channelTypeInput } from '@avlu/contracts';
import Card from '@mui/material/Card';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';

type ChannelTagFormProps = {
  defaultValues: ChannelTypeInput;
  onSubmit: (values: ChannelTypeInput) => Promise<unknown>;
};

/** Name and description of a channel type, for /registration/channel-tags/new and …/edit. */
export function ChannelTagForm({ defaultValues, onSubmit }: ChannelTagFormProps) {
  const form = useZodForm(channelTypeInput, { defaultValues });
  return (
    <Card sx={{ p: 3, maxWidth: 720 }}>
      <Form form={form} labels="channels" onSubmit={(values) => onSubmit(values)}>
        <TextField name="channel_type_name" autoFocus />
        <TextField name="channel_type_exp" multiline minRows={3} hint="channels:tags.expHint" />
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
