import type { NotificationKind } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { type FieldValues, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '../../lib/form';
import type { NotificationOf } from './marketing.resource';

/** What a kind's editor page hands its form. */
export type NotificationFormProps<K extends NotificationKind> = {
  defaultValues: FieldValues;
  /** The saved notification (edit), for its potential. */
  saved?: NotificationOf[K];
  onSubmit: (values: FieldValues) => Promise<unknown>;
};

type FrameProps<K extends NotificationKind> = NotificationFormProps<K> & {
  kind: K;
  schema: z.ZodType<FieldValues, FieldValues>;
  /** The kind's sections; `commercial` follows the switch, `saved` is the saved reach. */
  children: (state: { commercial: boolean; saved: number | undefined }) => ReactNode;
  /** Beside the sections on a wide screen (the email's preview). */
  aside?: ReactNode;
};

function Sections<K extends NotificationKind>({
  kind,
  saved,
  children,
}: Pick<FrameProps<K>, 'kind' | 'saved' | 'children'>) {
  const commercial = useWatch({ name: `${kind}_notification_is_commercial` }) !== false;
  const potential = saved
    ? ((saved as Record<string, unknown>)[`${kind}_notification_potential`] as number)
    : undefined;
  return <>{children({ commercial, saved: potential })}</>;
}

/**
 * The frame every notification editor shares: the contracts schema as the form's rules (the same
 * words as the server), the kind's sections, an aside, and the save button.
 */
export function NotificationFormFrame<K extends NotificationKind>({
  kind,
  schema,
  defaultValues,
  saved,
  onSubmit,
  children,
  aside,
}: FrameProps<K>) {
  const form = useZodForm(schema, { defaultValues });
  return (
    <Form form={form} labels="marketing" onSubmit={onSubmit}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: aside ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Sections kind={kind} saved={saved}>
            {children}
          </Sections>
          {!aside && <SubmitButton sx={{ alignSelf: 'flex-end' }} />}
        </Stack>
        {aside && (
          <Stack spacing={3} sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 88 } }}>
            {aside}
            <SubmitButton sx={{ alignSelf: 'flex-end' }} />
          </Stack>
        )}
      </Box>
    </Form>
  );
}
